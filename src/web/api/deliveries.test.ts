import { describe, expect, it } from 'vitest';
import type { DeliveryAttemptView, DeliveryCheck, DeliveryView } from '../../domain';
import { isDeliveryWorkPending } from './deliveries';

function view(log: Pick<DeliveryAttemptView, 'status'>[], checks: DeliveryCheck[]): DeliveryView {
  return { log, checks } as unknown as DeliveryView;
}

describe('isDeliveryWorkPending', () => {
  it('waits on an attempt queued or being sent, and on the cover being made', () => {
    expect(isDeliveryWorkPending(view([{ status: 'queued' }], []))).toBe(true);
    expect(isDeliveryWorkPending(view([{ status: 'sending' }], []))).toBe(true);
    expect(
      isDeliveryWorkPending(
        view(
          [],
          [{ key: 'cover', label: 'Front cover', ok: false, problem: 'being made', fix: { kind: 'wait' } }],
        ),
      ),
    ).toBe(true);
  });

  it('stops once nothing is under way, whatever else is missing', () => {
    expect(isDeliveryWorkPending(view([{ status: 'sent' }, { status: 'failed' }], []))).toBe(false);
    expect(
      isDeliveryWorkPending(
        view(
          [],
          [
            {
              key: 'cover',
              label: 'Front cover',
              ok: false,
              problem: 'too small',
              fix: { kind: 'request', field: 'artwork' },
            },
            { key: 'schedule', label: 'Signed release schedule', ok: false, fix: { kind: 'wait' } },
          ],
        ),
      ),
    ).toBe(false);
  });
});
