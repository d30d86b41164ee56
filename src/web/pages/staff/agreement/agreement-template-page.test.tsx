import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AGREEMENT_TEMPLATE_MESSAGES,
  type AgreementTemplate,
  DEMO_AGREEMENT_TEMPLATE,
  defaultPublicConfig,
  formatLongDate,
  getIsoDateOfInstant,
} from '../../../../domain';
import { queryKeys } from '../../../api/query-keys';
import { mockApi, type RecordedRequest, renderStaffPage } from '../board/board-test-helpers';
import {
  AgreementTemplatePage,
  samplePreviewValues,
  UNSAVED_AGREEMENT_WARNING,
} from './agreement-template-page';

afterEach(() => vi.restoreAllMocks());

const version1: AgreementTemplate = {
  id: 't0000000-0000-4000-8000-000000000001',
  version: 1,
  title: DEMO_AGREEMENT_TEMPLATE.title,
  body: DEMO_AGREEMENT_TEMPLATE.body,
  createdAt: '2026-11-01T09:00:00.000Z',
  createdBy: null,
};
const version2: AgreementTemplate = {
  id: 't0000000-0000-4000-8000-000000000002',
  version: 2,
  title: 'Artist Agreement',
  body: '# Artist Agreement\n\nMade on {{date}} between {{labelName}} and {{artistName}} ({{artistEmail}}).\n\n# 1. Term\n\nTwelve months.',
  createdAt: '2026-11-10T15:30:00.000Z',
  createdBy: 'sam@label.example',
};

function render(respond: (request: RecordedRequest) => { status: number; body: unknown }) {
  const api = mockApi(respond);
  const view = renderStaffPage(AgreementTemplatePage, '/admin/agreement', '/admin/agreement');
  return { api, ...view };
}

/** A server that keeps the versions it is sent, as the real one does. */
function versionStore(initial: AgreementTemplate[]) {
  const templates = [...initial];
  return (request: RecordedRequest) => {
    if (request.url.pathname !== '/api/agreement-templates') return { status: 404, body: { success: false } };
    if (request.method === 'POST') {
      const sent = request.body as { title: string; body: string };
      const template: AgreementTemplate = {
        id: `t0000000-0000-4000-8000-00000000000${templates.length + 1}`,
        version: (templates[0]?.version ?? 0) + 1,
        title: sent.title,
        body: sent.body,
        createdAt: '2026-11-21T08:00:00.000Z',
        createdBy: 'sam@label.example',
      };
      templates.unshift(template);
      return { status: 200, body: { success: true, template } };
    }
    return { status: 200, body: { success: true, templates } };
  };
}

async function openEditor(respond = versionStore([version2, version1])) {
  const view = render(respond);
  const title = (await screen.findByLabelText(/^Title/)) as HTMLInputElement;
  const body = screen.getByLabelText(/^Agreement text/) as HTMLTextAreaElement;
  return { ...view, title, body };
}

const preview = () => screen.getByRole('region', { name: 'Preview' });
const saveButton = () => screen.getByRole('button', { name: /^Save as version/ }) as HTMLButtonElement;

describe('the agreement template page', () => {
  it('opens the current version in the editor, with its preview and the history', async () => {
    const { title, body } = await openEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'Artist agreement' })).toBeTruthy();
    expect(title.value).toBe(version2.title);
    expect(body.value).toBe(version2.body);
    expect(saveButton().textContent).toBe('Save as version 3');
    expect(saveButton().disabled).toBe(true);

    const today = formatLongDate(
      getIsoDateOfInstant(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
    expect(preview().textContent).toContain(
      `Made on ${today} between ${defaultPublicConfig.labelName} and Sample Artist (artist@example.com).`,
    );
    expect(within(preview()).getByRole('heading', { level: 3, name: 'Artist Agreement' })).toBeTruthy();
    expect(within(preview()).getByRole('heading', { level: 4, name: '1. Term' })).toBeTruthy();

    const versions = within(screen.getByRole('region', { name: 'Version history' })).getAllByRole('listitem');
    expect(versions).toHaveLength(2);
    expect(versions[0]?.textContent).toContain('Version 2');
    expect(versions[0]?.textContent).toContain('Current');
    expect(versions[0]?.textContent).toContain('by sam@label.example');
    expect(versions[1]?.textContent).toContain('Version 1');
    expect(versions[1]?.textContent).toContain('from the demo template');
  });

  it("explains the format and falls back to 'Your label' for the preview", async () => {
    await openEditor();
    expect(document.body.textContent).toContain(
      "leave a blank line between paragraphs, and start a line with '# ' to make it a heading",
    );
    expect(samplePreviewValues(undefined).labelName).toBe('Your label');
    expect(samplePreviewValues('  ').labelName).toBe('Your label');
    expect(samplePreviewValues('Night Owl Records').labelName).toBe('Night Owl Records');
    expect(samplePreviewValues('x', new Date('2026-11-21T12:00:00Z')).date).toBe('November 21, 2026');
  });

  it('updates the preview as the text changes', async () => {
    const user = userEvent.setup();
    const { body } = await openEditor();
    fireEvent.change(body, { target: { value: '# Heading\n\nDear ' } });
    await user.type(body, 'friend');
    await vi.waitFor(() => expect(preview().textContent).toContain('Dear friend'));
    expect(preview().textContent).not.toContain('Twelve months.');
    expect(saveButton().disabled).toBe(false);
  });

  it('inserts a placeholder at the cursor', async () => {
    const user = userEvent.setup();
    const { body } = await openEditor();
    fireEvent.change(body, { target: { value: 'Signed by  today.' } });
    body.setSelectionRange(10, 10);
    await user.click(screen.getByRole('button', { name: 'Insert {{artistName}}' }));
    expect(body.value).toBe('Signed by {{artistName}} today.');
    await vi.waitFor(() => expect(body.selectionStart).toBe(10 + '{{artistName}}'.length));
    expect(document.activeElement).toBe(body);

    // With a selection, the placeholder replaces it.
    body.setSelectionRange(25, 30);
    await user.click(screen.getByRole('button', { name: 'Insert {{date}}' }));
    expect(body.value).toBe('Signed by {{artistName}} {{date}}.');
    await vi.waitFor(() => expect(preview().textContent).toContain('Signed by Sample Artist'));
  });

  it("shows the domain's problems on the fields before sending anything", async () => {
    const user = userEvent.setup();
    const { api, title, body } = await openEditor();
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.change(body, { target: { value: 'Hello {{artist}}.' } });
    await user.click(saveButton());

    expect(await screen.findByText(AGREEMENT_TEMPLATE_MESSAGES.titleRequired)).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const bodyHelp = document.getElementById(body.getAttribute('aria-describedby') ?? '');
    expect(bodyHelp?.textContent).toContain(AGREEMENT_TEMPLATE_MESSAGES.unknownPlaceholder('artist'));
    expect(bodyHelp?.textContent).toContain(AGREEMENT_TEMPLATE_MESSAGES.artistNameMissing);
    expect(body.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    // Once checked, each fix clears its message as it is typed.
    fireEvent.change(title, { target: { value: 'Artist Agreement' } });
    await vi.waitFor(() => expect(screen.queryByText(AGREEMENT_TEMPLATE_MESSAGES.titleRequired)).toBeNull());
    fireEvent.change(body, { target: { value: 'Hello {{artistName}}.' } });
    await vi.waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('false'));
  });

  it('saves the edit as the next version, says so, and starts from it', async () => {
    const user = userEvent.setup();
    const { api, title, body, router } = await openEditor();
    fireEvent.change(title, { target: { value: 'Artist Agreement 2027' } });
    fireEvent.change(body, { target: { value: `${version2.body}\n\n# 2. Rights\n\nNon-exclusive.` } });
    await user.click(saveButton());

    const notice = await screen.findByText(/Saved as version 3\./);
    expect(notice.textContent).toContain('New requests use it from now on.');
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/agreement-templates');
    expect(post?.body).toEqual({
      title: 'Artist Agreement 2027',
      body: `${version2.body}\n\n# 2. Rights\n\nNon-exclusive.`,
    });

    await vi.waitFor(() => expect(saveButton().textContent).toBe('Save as version 4'));
    expect(saveButton().disabled).toBe(true);
    expect(title.value).toBe('Artist Agreement 2027');
    const versions = within(screen.getByRole('region', { name: 'Version history' })).getAllByRole('listitem');
    expect(versions).toHaveLength(3);
    expect(versions[0]?.textContent).toContain('Version 3');
    expect(versions[0]?.textContent).toContain('Artist Agreement 2027');

    // Saved, nothing is left to lose: leaving does not ask.
    const confirm = vi.spyOn(window, 'confirm');
    await act(() => router.navigate('/admin/board'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Landed on /admin/board' })).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('follows a version someone else saved while untouched, and keeps edits when not', async () => {
    let templates = [version2, version1];
    const version3: AgreementTemplate = {
      ...version2,
      id: 't0000000-0000-4000-8000-000000000003',
      version: 3,
      title: 'Artist Agreement (2027)',
      createdBy: 'ana@label.example',
    };
    const { title, queryClient } = await openEditor(() => ({
      status: 200,
      body: { success: true, templates },
    }));
    templates = [version3, ...templates];
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.agreementTemplates }));
    await vi.waitFor(() => expect(title.value).toBe('Artist Agreement (2027)'));
    expect(saveButton().textContent).toBe('Save as version 4');
    expect(saveButton().disabled).toBe(true);

    fireEvent.change(title, { target: { value: 'My own edit' } });
    templates = [{ ...version3, id: 't0000000-0000-4000-8000-000000000004', version: 4 }, ...templates];
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.agreementTemplates }));
    await vi.waitFor(() => expect(saveButton().textContent).toBe('Save as version 5'));
    expect(title.value).toBe('My own edit');
  });

  it("shows the server's words when it refuses the text", async () => {
    const user = userEvent.setup();
    const refusal = 'The agreement can be at most 50,000 characters.';
    const { body } = await openEditor((request) =>
      request.method === 'POST'
        ? { status: 400, body: { success: false, error: refusal, details: [refusal] } }
        : { status: 200, body: { success: true, templates: [version2, version1] } },
    );
    fireEvent.change(body, { target: { value: `${version2.body}\n\nMore.` } });
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    expect(saveButton().disabled).toBe(false);
  });

  it('lists every problem when the server names several', async () => {
    const user = userEvent.setup();
    const problems = ['First problem.', 'Second problem.'];
    const { body } = await openEditor((request) =>
      request.method === 'POST'
        ? { status: 400, body: { success: false, error: problems[0], details: problems } }
        : { status: 200, body: { success: true, templates: [version2] } },
    );
    fireEvent.change(body, { target: { value: `${version2.body} again` } });
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(problems);
  });

  it('opens an older version to read its text', async () => {
    const user = userEvent.setup();
    await openEditor();
    const history = screen.getByRole('region', { name: 'Version history' });
    const older = within(history).getByRole('button', { name: /Version 1/ });
    expect(older.getAttribute('aria-expanded')).toBe('false');
    await user.click(older);
    expect(older.getAttribute('aria-expanded')).toBe('true');
    const text = await within(history).findByRole('region', { name: /Version 1/ });
    expect(text.textContent).toContain('{{artistName}} ("the Artist")');
    expect(within(text).getByRole('heading', { name: '5. Governing law' })).toBeTruthy();
  });

  it('asks before leaving with unsaved edits, and not once they are discarded', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { body, router } = await openEditor();
    fireEvent.change(body, { target: { value: `${version2.body} edited` } });
    await act(() => router.navigate('/admin/board'));
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_AGREEMENT_WARNING));
    expect(router.state.location.pathname).toBe('/admin/agreement');

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(body.value).toBe(version2.body);
    confirm.mockClear();
    await act(() => router.navigate('/admin/board'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Landed on /admin/board' })).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('shows a skeleton while loading, and a failure with Retry', async () => {
    let calls = 0;
    const { api } = render(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { success: false, error: 'Database unavailable' } }
        : { status: 200, body: { success: true, templates: [version2, version1] } };
    });
    expect(screen.getByRole('status').textContent).toContain('Loading the agreement...');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The agreement could not be loaded: Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(((await screen.findByLabelText(/^Title/)) as HTMLInputElement).value).toBe(version2.title);
    expect(api.requests).toHaveLength(2);
  });
});
