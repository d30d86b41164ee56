import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SIGNATURE_POLL_INTERVAL_MS,
  SIGNATURE_POLL_MAX_ATTEMPTS,
  type SignatureRequest,
  type SignatureStatus,
} from '../../../../domain';
import { useStatusPolling } from './use-status-polling';

const answer = (status: SignatureStatus): SignatureRequest => ({ id: 'req-1', status });

/** Lets the poll's timer fire and its check settle. */
const tick = () => act(() => vi.advanceTimersByTimeAsync(SIGNATURE_POLL_INTERVAL_MS));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useStatusPolling', () => {
  it('checks every 5 s and stops on a final status', async () => {
    const check = vi.fn(async () => answer('awaiting_signature'));
    const { result } = renderHook(() => useStatusPolling(check));
    act(() => result.current.start('req-1'));
    expect(result.current.polling).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(SIGNATURE_POLL_INTERVAL_MS - 1));
    expect(check).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(check).toHaveBeenCalledWith('req-1');
    expect(result.current.attempts).toBe(1);

    check.mockResolvedValue(answer('signed'));
    await tick();
    expect(result.current).toMatchObject({ polling: false, attempts: 2, exhausted: false });
    await tick();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it(`gives up after ${SIGNATURE_POLL_MAX_ATTEMPTS} checks without an answer, with the bar full`, async () => {
    const check = vi.fn(async () => answer('awaiting_signature'));
    const { result } = renderHook(() => useStatusPolling(check));
    act(() => result.current.start('req-1'));
    for (let i = 0; i < SIGNATURE_POLL_MAX_ATTEMPTS + 3; i += 1) await tick();
    expect(check).toHaveBeenCalledTimes(SIGNATURE_POLL_MAX_ATTEMPTS);
    expect(result.current).toMatchObject({ polling: false, exhausted: true, progress: 100 });

    // Starting again counts from zero.
    act(() => result.current.start('req-1'));
    expect(result.current).toMatchObject({ polling: true, attempts: 0, exhausted: false, progress: 0 });
  });

  it('stops when a check fails, when stopped, and when the tab unmounts', async () => {
    const check = vi.fn(async (): Promise<SignatureRequest | null> => null);
    const { result, unmount } = renderHook(() => useStatusPolling(check));
    act(() => result.current.start('req-1'));
    await tick();
    await tick();
    expect(check).toHaveBeenCalledTimes(1);

    check.mockResolvedValue(answer('awaiting_signature'));
    act(() => result.current.start('req-1'));
    act(() => result.current.stop());
    await tick();
    expect(check).toHaveBeenCalledTimes(1);
    expect(result.current.polling).toBe(false);

    act(() => result.current.start('req-1'));
    unmount();
    await vi.advanceTimersByTimeAsync(SIGNATURE_POLL_INTERVAL_MS * 3);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
