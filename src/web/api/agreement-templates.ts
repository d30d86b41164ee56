import { useQuery } from '@tanstack/react-query';
import {
  agreementTemplateListResponseSchema,
  agreementTemplateResponseSchema,
  signatureAuditResponseSchema,
  signatureDeadlineResponseSchema,
  staffAgreementListResponseSchema,
} from '../../domain';
import { ApiError, apiGet, apiRequest } from './client';
import { queryKeys } from './query-keys';

/** The staff side of the artist agreement: the template's versions, and the requests per artist. */

const segment = (id: string) => encodeURIComponent(id);

/** Every version of the template, newest first (the server creates version 1 from the demo when there is none). */
export function fetchAgreementTemplates(signal?: AbortSignal) {
  return apiGet('/api/agreement-templates', agreementTemplateListResponseSchema, signal);
}

/** Saves the text as a new version; a refused text is an ApiError (400) with the first problem as its message. */
export function saveAgreementTemplate(template: { title: string; body: string }) {
  return apiRequest('/api/agreement-templates', agreementTemplateResponseSchema, {
    method: 'POST',
    body: template,
  });
}

/** One artist's signature requests, newest first. */
export function fetchArtistAgreements(artistId: string, signal?: AbortSignal) {
  return apiGet(`/api/artists/${segment(artistId)}/agreements`, staffAgreementListResponseSchema, signal);
}

/** Moves an open request's last day (UTC, `YYYY-MM-DD`); a day in the past ends it at once. */
export function changeSignatureDeadline(requestId: string, lastDay: string) {
  return apiRequest(`/api/contracts/${segment(requestId)}/deadline`, signatureDeadlineResponseSchema, {
    method: 'POST',
    body: { lastDay },
  });
}

/** A request's audit log, oldest first. */
export function fetchSignatureAudit(requestId: string, signal?: AbortSignal) {
  return apiGet(`/api/contracts/${segment(requestId)}/audit`, signatureAuditResponseSchema, signal);
}

export function useAgreementTemplates() {
  return useQuery({
    queryKey: queryKeys.agreementTemplates,
    queryFn: ({ signal }) => fetchAgreementTemplates(signal),
  });
}

export function useArtistAgreements(artistId: string) {
  return useQuery({
    queryKey: queryKeys.artistAgreements(artistId),
    queryFn: ({ signal }) => fetchArtistAgreements(artistId, signal),
  });
}

export function useSignatureAudit(requestId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.contractAudit(requestId),
    queryFn: ({ signal }) => fetchSignatureAudit(requestId, signal),
    enabled,
  });
}

/**
 * The words of every problem the server named for a refused template: `details` when it sent a
 * list, else its one message.
 */
export function templateRefusalLines(error: unknown): string[] {
  if (!(error instanceof Error)) return [String(error)];
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const details = (error.body as Record<string, unknown>).details;
    if (Array.isArray(details)) {
      const lines = details
        .map((item) =>
          typeof item === 'string'
            ? item
            : item && typeof item === 'object' && typeof (item as { message?: unknown }).message === 'string'
              ? (item as { message: string }).message
              : '',
        )
        .filter(Boolean);
      if (lines.length > 0) return lines;
    }
  }
  return [error.message];
}
