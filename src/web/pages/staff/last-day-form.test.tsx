import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  checkReturningLinkLastDay,
  checkSignatureDeadline,
  getReturningLinkExpiry,
  RETURNING_LINK_EXPIRY_MESSAGES,
  SIGNING_MESSAGES,
} from '../../../domain';
import { ApiError } from '../../api/client';
import { renderStaffPage } from './board/board-test-helpers';
import { LastDayForm, type LastDayFormProps, lastDayOf, utcToday } from './last-day-form';

afterEach(() => vi.restoreAllMocks());

let formProps: LastDayFormProps;
/** The form as a page of its own; the props come from the test that renders it. */
function FormPage() {
  return <LastDayForm {...formProps} />;
}

function renderForm(props: Partial<LastDayFormProps> = {}) {
  const onSubmit = vi.fn<(lastDay: string) => Promise<unknown>>(async () => undefined);
  const onDone = vi.fn();
  const today = utcToday();
  const all: LastDayFormProps = {
    label: 'Last day the link works (UTC)',
    expiresAt: `${addDays(today, 31)}T00:00:00.000Z`,
    check: checkReturningLinkLastDay,
    maxDate: getReturningLinkExpiry(today),
    helperText: 'A day in the past ends the link now; at most 365 days from today.',
    onSubmit,
    onDone,
    ...props,
  };
  formProps = all;
  renderStaffPage(FormPage, '/', '/');
  const field = screen.getByLabelText(all.label) as HTMLInputElement;
  return { field, onSubmit, onDone, today };
}

describe('lastDayOf', () => {
  it('reads the stored midnight after the last day as that day', () => {
    expect(lastDayOf('2027-01-11T00:00:00.000Z')).toBe('2027-01-10');
    expect(lastDayOf('2027-01-11T06:30:00.000Z')).toBe('2027-01-11');
    expect(lastDayOf('not a date')).toBe('');
  });
});

describe('the shared last-day form', () => {
  it('starts on the current last day, with the rule as its limit and the helper text', () => {
    const { field, today } = renderForm();
    expect(field.value).toBe(addDays(today, 30));
    expect(field.getAttribute('max')).toBe(getReturningLinkExpiry(today));
    expect(document.body.textContent).toContain(
      'A day in the past ends the link now; at most 365 days from today.',
    );
  });

  it("refuses a day the rule does not allow with the rule's words, without sending", async () => {
    const user = userEvent.setup();
    const { field, onSubmit, today } = renderForm();
    fireEvent.change(field, { target: { value: addDays(today, 366) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.body.textContent).toContain(RETURNING_LINK_EXPIRY_MESSAGES.tooLate);
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: '' } });
    expect(document.body.textContent).toContain(RETURNING_LINK_EXPIRY_MESSAGES.invalidDate);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uses whichever rule it is given: the signature deadline', async () => {
    const user = userEvent.setup();
    const today = utcToday();
    const { field, onSubmit } = renderForm({
      label: 'Last day to sign (UTC)',
      check: checkSignatureDeadline,
      maxDate: addDays(today, 90),
    });
    expect(field.getAttribute('max')).toBe(addDays(today, 90));
    fireEvent.change(field, { target: { value: addDays(today, 91) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.body.textContent).toContain(SIGNING_MESSAGES.deadlineTooLate);
    expect(onSubmit).not.toHaveBeenCalled();

    // A day in the past is allowed: it ends the request at once.
    fireEvent.change(field, { target: { value: addDays(today, -1) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(addDays(today, -1));
  });

  it('sends the chosen day and closes when saved', async () => {
    const user = userEvent.setup();
    const { field, onSubmit, onDone, today } = renderForm();
    fireEvent.change(field, { target: { value: addDays(today, 100) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toBe(addDays(today, 100));
  });

  it("shows the server's refusal and stays open", async () => {
    const user = userEvent.setup();
    const refusal = 'This link has been revoked; issue a new one instead.';
    const { field, onDone } = renderForm({
      onSubmit: async () => {
        throw new ApiError(409, refusal);
      },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();

    // Changing the day clears the old refusal.
    fireEvent.change(field, { target: { value: addDays(utcToday(), 3) } });
    expect(screen.queryByText(refusal)).toBeNull();
  });

  it('closes on Cancel without sending', async () => {
    const user = userEvent.setup();
    const { onSubmit, onDone } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
