import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CONTRACT_MESSAGES, describeContractCreateError, type SignatureRequest } from '../../../../domain';
import { ApiError } from '../../../api/client';
import {
  createContract,
  fetchContractStatus,
  requestSignUrl,
  useCurrentContract,
} from '../../../api/contracts';
import { queryKeys } from '../../../api/query-keys';
import { isSignedOutError } from '../../../auth/sign-in-path';
import { openSigningWindow, type SigningWindowHost, watchSigningWindow } from './signing-window';
import { useSealWait } from './use-seal-wait';
import { useStatusPolling } from './use-status-polling';

/** Who the agreement is made out to: the signed-in artist's own profile. */
export interface ContractSigner {
  email: string;
  name?: string | undefined;
  artistName?: string | undefined;
}

/** The window the signing window opens from, and whose location the same-tab fallback moves. */
export type SigningHost = SigningWindowHost & { location: { assign(url: string): void } };

/** What failed, so Retry repeats the right thing. */
export type ContractErrorSource = 'create' | 'status' | 'continue';

export interface ContractError {
  message: string;
  source: ContractErrorSource;
}

/** The state the tab shows, derived from the latest request and what is under way. */
export type ContractView =
  | { kind: 'loading' }
  | { kind: 'load-failed'; signedOut: boolean }
  | { kind: 'error'; error: ContractError; request?: SignatureRequest }
  | { kind: 'none' }
  | { kind: 'open'; request: SignatureRequest }
  | { kind: 'waiting'; request: SignatureRequest }
  | { kind: 'signed'; request: SignatureRequest }
  | { kind: 'declined'; request: SignatureRequest }
  | { kind: 'expired'; request: SignatureRequest };

export interface ContractSigning {
  view: ContractView;
  creating: boolean;
  continuing: boolean;
  checking: boolean;
  /** The 'Sign Your Artist Agreement' dialog, with the link it opens. */
  dialogOpen: boolean;
  signUrl: string | null;
  popupBlocked: boolean;
  /** The signing window was closed by the signer (checked every second). */
  windowClosed: boolean;
  polling: boolean;
  attempts: number;
  progress: number;
  /** Polling ran its 30 checks without a final answer. */
  pollingExhausted: boolean;
  /** "I've Signed" found the request still waiting. */
  notSignedYet: boolean;
  /** The sealed copy did not arrive within the re-reads after signing. */
  sealWaitOver: boolean;
  create(): void;
  continueSigning(): void;
  openWindow(): void;
  openInThisTab(): void;
  closeDialog(): void;
  checkNow(): void;
  retry(): void;
  reload(): void;
}

function isAwaiting(request: SignatureRequest | undefined): request is SignatureRequest {
  return request?.status === 'awaiting_signature';
}

/**
 * The Contract Signing tab's state machine (spec 000 §4, "Contract signing"): create the
 * request, open the signing window, poll every 5 s at most 30 times while it is open, stop on a
 * final status and fire completion. Every timer stops when the tab unmounts.
 */
export function useContractSigning(signer: ContractSigner, host?: SigningHost): ContractSigning {
  const queryClient = useQueryClient();
  const current = useCurrentContract();
  const [request, setRequest] = useState<SignatureRequest | undefined>();
  const [error, setError] = useState<ContractError | null>(null);
  const [creating, setCreating] = useState(false);
  const [continuing, setContinuing] = useState(false);
  const [checking, setChecking] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [signUrl, setSignUrl] = useState<string | null>(null);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const [windowClosed, setWindowClosed] = useState(false);
  const [notSignedYet, setNotSignedYet] = useState(false);

  const alive = useRef(true);
  const stopWatching = useRef<(() => void) | undefined>(undefined);

  // The server is the truth: whenever the current request is (re)read, the tab follows it.
  useEffect(() => {
    if (current.data) setRequest(current.data.signatureRequest);
  }, [current.data]);

  const stopWindowWatch = useCallback(() => {
    stopWatching.current?.();
    stopWatching.current = undefined;
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      stopWatching.current?.();
    };
  }, []);

  const poll = useStatusPolling((requestId) => checkStatus(requestId));
  const stopPolling = poll.stop;

  /** A status answer: on a final one, waiting ends; on signed, completion fires. */
  const applyStatus = useCallback(
    (next: SignatureRequest) => {
      setRequest(next);
      if (next.status === 'awaiting_signature') return;
      stopPolling();
      stopWindowWatch();
      setPopupBlocked(false);
      if (next.status === 'signed') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentContract });
        void queryClient.invalidateQueries({ queryKey: queryKeys.artistProfile });
      }
    },
    [queryClient, stopPolling, stopWindowWatch],
  );

  const checkStatus = useCallback(
    async (requestId: string): Promise<SignatureRequest | null> => {
      try {
        const next = await fetchContractStatus(requestId);
        if (!alive.current) return null;
        applyStatus(next);
        return next;
      } catch {
        if (!alive.current) return null;
        stopPolling();
        setError({ message: CONTRACT_MESSAGES.statusCheckFailed, source: 'status' });
        return null;
      }
    },
    [applyStatus, stopPolling],
  );

  const startPolling = poll.start;

  const create = useCallback(async () => {
    const artistId = current.data?.artistId;
    if (!artistId || creating) return;
    setError(null);
    setNotSignedYet(false);
    setCreating(true);
    try {
      const artistName = signer.artistName?.trim() || signer.name?.trim() || signer.email;
      const created = await createContract({ artistId, artistName, artistEmail: signer.email });
      if (!alive.current) return;
      setRequest({ id: created.id, status: 'awaiting_signature' });
      setSignUrl(created.signUrl);
      setPopupBlocked(false);
      setWindowClosed(false);
      setDialogOpen(true);
      // Fills in the new request's dates in the background.
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentContract });
    } catch (cause) {
      if (!alive.current) return;
      const message =
        cause instanceof ApiError
          ? cause.message === CONTRACT_MESSAGES.noSignUrl
            ? CONTRACT_MESSAGES.noSignUrl
            : describeContractCreateError(cause.status, cause.message)
          : CONTRACT_MESSAGES.couldNotCreate;
      setError({ message, source: 'create' });
    } finally {
      if (alive.current) setCreating(false);
    }
  }, [current.data?.artistId, creating, queryClient, signer.artistName, signer.email, signer.name]);

  const continueSigning = useCallback(async () => {
    if (!isAwaiting(request) || continuing) return;
    setError(null);
    setNotSignedYet(false);
    setContinuing(true);
    try {
      const url = await requestSignUrl(request.id);
      if (!alive.current) return;
      setSignUrl(url);
      setPopupBlocked(false);
      setWindowClosed(false);
      setDialogOpen(true);
    } catch (cause) {
      if (!alive.current) return;
      setError({
        message: cause instanceof ApiError ? cause.message : CONTRACT_MESSAGES.noSignUrl,
        source: 'continue',
      });
      // A 409 means the request closed meanwhile (signed elsewhere, declined, expired): re-read it.
      if (cause instanceof ApiError && cause.status === 409) void current.refetch();
    } finally {
      if (alive.current) setContinuing(false);
    }
  }, [continuing, current, request]);

  const openWindow = useCallback(() => {
    setDialogOpen(false);
    if (!isAwaiting(request) || !signUrl) {
      setError({ message: CONTRACT_MESSAGES.noSignUrl, source: 'continue' });
      return;
    }
    setNotSignedYet(false);
    setWindowClosed(false);
    // The window is read when it is used: the tab is also rendered on the server.
    const popup = openSigningWindow(signUrl, host ?? window);
    if (!popup) {
      setPopupBlocked(true);
      return;
    }
    setPopupBlocked(false);
    stopWindowWatch();
    const requestId = request.id;
    stopWatching.current = watchSigningWindow(popup, () => {
      stopWatching.current = undefined;
      if (!alive.current) return;
      setWindowClosed(true);
      stopPolling();
      void checkStatus(requestId);
    });
    startPolling(requestId);
  }, [checkStatus, host, request, signUrl, startPolling, stopPolling, stopWindowWatch]);

  const openInThisTab = useCallback(() => {
    if (signUrl) (host ?? window).location.assign(signUrl);
  }, [host, signUrl]);

  const checkNow = useCallback(async () => {
    if (!request || checking) return;
    setChecking(true);
    setNotSignedYet(false);
    setError(null);
    const next = await checkStatus(request.id);
    if (!alive.current) return;
    setChecking(false);
    if (next?.status === 'awaiting_signature') setNotSignedYet(true);
  }, [checkStatus, checking, request]);

  const retry = useCallback(async () => {
    const source = error?.source;
    setError(null);
    if (source === 'status' && request) {
      const next = await checkStatus(request.id);
      if (next?.status === 'awaiting_signature' && !windowClosed && !popupBlocked) startPolling(request.id);
      return;
    }
    if (source === 'continue') {
      void continueSigning();
      return;
    }
    // "Retry resets and recreates the request" (spec 000 §4) — unless one is already open, which
    // is what a 409 means: then the tab shows that one instead of being refused again.
    const latest = await current.refetch();
    if (!alive.current) return;
    if (isAwaiting(latest.data?.signatureRequest)) return;
    void create();
  }, [
    checkStatus,
    continueSigning,
    create,
    current,
    error?.source,
    popupBlocked,
    request,
    startPolling,
    windowClosed,
  ]);

  // Signed but not sealed yet: the PDF is a job away, so the request is re-read until it arrives.
  const sealWaitOver = useSealWait(request?.status === 'signed' && !request.documentUrl, current.refetch);

  let view: ContractView;
  if (current.isPending) view = { kind: 'loading' };
  else if (current.isError && !current.data) {
    view = {
      kind: 'load-failed',
      signedOut: isSignedOutError(current.error),
    };
  } else if (error) view = request ? { kind: 'error', error, request } : { kind: 'error', error };
  else if (!request) view = { kind: 'none' };
  else if (request.status === 'signed') view = { kind: 'signed', request };
  else if (request.status === 'declined') view = { kind: 'declined', request };
  else if (request.status === 'expired') view = { kind: 'expired', request };
  else if (poll.polling || popupBlocked) view = { kind: 'waiting', request };
  else view = { kind: 'open', request };

  return {
    view,
    creating,
    continuing,
    checking,
    dialogOpen,
    signUrl,
    popupBlocked,
    windowClosed,
    polling: poll.polling,
    attempts: poll.attempts,
    progress: poll.progress,
    pollingExhausted: poll.exhausted,
    notSignedYet,
    sealWaitOver,
    create: () => void create(),
    continueSigning: () => void continueSigning(),
    openWindow,
    openInThisTab,
    closeDialog: () => setDialogOpen(false),
    checkNow: () => void checkNow(),
    retry: () => void retry(),
    reload: () => void current.refetch(),
  };
}
