import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DecisionTemplate, TEMPLATE_BODY_REQUIRED, TEMPLATE_NAME_TAKEN } from '../../../domain';
import { decisionTemplate, mockApi, type RecordedRequest, renderStaffPage } from './board/board-test-helpers';
import { DecisionTemplatesPage } from './decision-templates-page';

afterEach(() => vi.restoreAllMocks());

const PATH = '/admin/templates';

const approve = decisionTemplate();
const decline = decisionTemplate({
  templateId: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c09',
  kind: 'decline',
  name: 'Not the right fit',
  body: 'Hi {{artistName}}, thank you for "{{releaseTitle}}". It is not for us.',
});

/** A little server: the list, and creates, edits and deletes that change it. */
function templatesServer(initial: DecisionTemplate[], refuse?: (request: RecordedRequest) => unknown) {
  let templates = [...initial];
  return mockApi((request) => {
    const refusal = refuse?.(request);
    if (refusal) return { status: 409, body: { success: false, error: refusal } };
    const id = request.url.pathname.split('/')[3];
    const body = request.body as { kind?: DecisionTemplate['kind']; name: string; body: string } | undefined;
    if (request.method === 'POST' && body) {
      const template = decisionTemplate({ ...body, templateId: 'new-1', kind: body.kind ?? 'approve' });
      templates = [...templates, template];
      return { status: 200, body: { success: true, template } };
    }
    if (request.method === 'PUT' && body) {
      templates = templates.map((t) => (t.templateId === id ? { ...t, ...body } : t));
      return { status: 200, body: { success: true, template: templates.find((t) => t.templateId === id) } };
    }
    if (request.method === 'DELETE') {
      templates = templates.filter((t) => t.templateId !== id);
      return { status: 200, body: { success: true } };
    }
    return {
      status: 200,
      body: { success: true, templates, placeholders: ['artistName', 'releaseTitle', 'labelName'] },
    };
  });
}

describe('the decision templates page', () => {
  it('lists the templates per kind and explains the placeholders', async () => {
    templatesServer([approve, decline]);
    renderStaffPage(DecisionTemplatesPage, PATH, PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Decision templates' })).toBeTruthy();
    expect(screen.getByText('Loading templates...')).toBeTruthy();
    const approveSection = await screen.findByRole('region', { name: 'Approve' });
    expect(within(approveSection).getByRole('heading', { level: 3, name: 'Welcome aboard' })).toBeTruthy();
    expect(approveSection.textContent).toContain('Saved Nov 2, 2026');
    expect(approveSection.textContent).toContain('by Sam Staff');
    expect(screen.getByRole('region', { name: 'Request changes' }).textContent).toContain(
      'No templates yet.',
    );
    expect(screen.getByRole('region', { name: 'Decline' }).textContent).toContain('Not the right fit');
    const placeholders = screen.getByRole('region', { name: 'Placeholders' });
    const terms = within(placeholders)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(terms).toEqual([
      "{{artistName}} the artist's name, as on the submission",
      "{{releaseTitle}} the release's title",
      "{{labelName}} your label's name (Imprint)",
    ]);
  });

  it('creates a template, checking it with the domain’s rules first, with a preview filled in', async () => {
    const api = templatesServer([approve]);
    const user = userEvent.setup();
    renderStaffPage(DecisionTemplatesPage, PATH, PATH);
    const section = await screen.findByRole('region', { name: 'Decline' });
    await user.click(within(section).getByRole('button', { name: 'New template to decline' }));
    const dialog = screen.getByRole('dialog', { name: 'New template: Decline' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(name);
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(within(dialog).getByText('Give the template a name')).toBeTruthy();
    expect(within(dialog).getByText(TEMPLATE_BODY_REQUIRED)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(name, 'Too early');
    const body = within(dialog).getByRole('textbox', { name: 'Message to the artist' });
    await user.click(body);
    await user.paste('Thanks {{artist}}');
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(
      within(dialog).getByText(
        '{{artist}} is not a placeholder: use {{artistName}}, {{releaseTitle}} or {{labelName}}',
      ),
    ).toBeTruthy();
    await user.clear(body);
    await user.paste('Thanks ');
    await user.click(within(dialog).getByRole('button', { name: '{{artistName}}' }));
    expect((body as HTMLTextAreaElement).value).toBe('Thanks {{artistName}}');
    await user.click(body);
    await user.keyboard('{End}');
    await user.paste(', "{{releaseTitle}}" is a little early for {{labelName}}.');
    expect(within(dialog).getByRole('region', { name: /^Preview for Maya Rivers/ }).textContent).toBe(
      'Thanks Maya Rivers, "First Light" is a little early for Imprint.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'decline',
      name: 'Too early',
      body: 'Thanks {{artistName}}, "{{releaseTitle}}" is a little early for {{labelName}}.',
    });
    expect(screen.getByRole('status').textContent).toBe('Template “Too early” saved.');
    expect(await within(section).findByRole('heading', { level: 3, name: 'Too early' })).toBeTruthy();
  });

  it('edits and deletes a template, and shows the server’s refusal in its words', async () => {
    const api = templatesServer([approve, decision()], (request) =>
      request.method === 'PUT' && (request.body as { name: string }).name === 'Taken'
        ? TEMPLATE_NAME_TAKEN
        : undefined,
    );
    const user = userEvent.setup();
    renderStaffPage(DecisionTemplatesPage, PATH, PATH);
    const section = await screen.findByRole('region', { name: 'Approve' });
    await user.click(within(section).getByRole('button', { name: 'Edit Welcome aboard' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit template: Approve' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Welcome aboard');
    await user.clear(name);
    await user.type(name, 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(TEMPLATE_NAME_TAKEN);
    await user.clear(name);
    await user.type(name, 'Welcome');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.filter((r) => r.method === 'PUT').at(-1)?.url.pathname).toBe(
      `/api/decision-templates/${approve.templateId}`,
    );
    expect(await within(section).findByRole('heading', { level: 3, name: 'Welcome' })).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Delete Welcome' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete “Welcome”?' });
    expect(confirm.textContent).toContain('the decline reasons keep counting it');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.find((r) => r.method === 'DELETE')?.url.pathname).toBe(
      `/api/decision-templates/${approve.templateId}`,
    );
    expect(screen.getByRole('status').textContent).toBe('Template “Welcome” deleted.');
    await waitFor(() => expect(section.textContent).toContain('No templates yet.'));
  });

  it('offers Retry when the templates cannot be loaded', async () => {
    let calls = 0;
    mockApi(() =>
      ++calls === 1
        ? { status: 500, body: { success: false, error: 'Something went wrong' } }
        : { status: 200, body: { success: true, templates: [approve], placeholders: [] } },
    );
    renderStaffPage(DecisionTemplatesPage, PATH, PATH);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The templates could not be loaded: Something went wrong');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Welcome aboard' })).toBeTruthy();
  });
});

function decision() {
  return decisionTemplate({
    templateId: '6c1e2f7c-3333-4a2b-8c3d-5e6f7a8b9c10',
    kind: 'decline',
    name: 'Other',
  });
}
