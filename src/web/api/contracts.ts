import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  agreementPreviewResponseSchema,
  CONTRACT_MESSAGES,
  type ContractCreateRequest,
  type ContractVerifyInfo,
  type ContractVerifyResult,
  type CurrentContractResponse,
  contractCreateResponseSchema,
  contractStatusResponseSchema,
  contractVerifyInfoResponseSchema,
  contractVerifyResultResponseSchema,
  currentContractResponseSchema,
  type SignatureRequest,
  type SigningDocument,
  type SigningSignBody,
  signatureAuditResponseSchema,
  signingActionResponseSchema,
  signingDocumentResponseSchema,
  signUrlResponseSchema,
} from '../../domain';
import { ApiError, apiGet, apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * The artist's side of the agreement: the Contract Signing tab, the signing page and
 * the verify page. Every call answers for the session's own requests; another artist's ids are 404.
 */

const contractPath = (requestId: string) => `/api/contracts/${encodeURIComponent(requestId)}`;
const signingPath = (token: string) => `/api/signing/${encodeURIComponent(token)}`;

/** Signed out, not yours, or gone: asking again gives the same answer. */
function retryUnlessFinal(failures: number, error: Error): boolean {
  if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return false;
  return failures < 1;
}

export async function fetchCurrentContract(signal?: AbortSignal): Promise<CurrentContractResponse> {
  return apiGet('/api/contracts/current', currentContractResponseSchema, signal);
}

export function useCurrentContract() {
  return useQuery({
    queryKey: queryKeys.currentContract,
    queryFn: ({ signal }) => fetchCurrentContract(signal),
    retry: retryUnlessFinal,
  });
}

/**
 * POST /api/contracts/create. A 200 that is not a success, or that carries no link, is a failure
 * like a non-OK answer (spec 000 §7: the status and the body's text travel with the error).
 */
export async function createContract(body: ContractCreateRequest): Promise<{ id: string; signUrl: string }> {
  const answer = await apiRequest('/api/contracts/create', contractCreateResponseSchema, {
    method: 'POST',
    body,
  });
  if (!answer.success) throw new ApiError(200, answer.error ?? CONTRACT_MESSAGES.failedToCreate, answer);
  if (!answer.signatureRequest?.signUrl) throw new ApiError(200, CONTRACT_MESSAGES.noSignUrl, answer);
  return { id: answer.signatureRequest.id, signUrl: answer.signatureRequest.signUrl };
}

export async function fetchContractStatus(
  requestId: string,
  signal?: AbortSignal,
): Promise<SignatureRequest> {
  return (await apiGet(`${contractPath(requestId)}/status`, contractStatusResponseSchema, signal))
    .signatureRequest;
}

/** A fresh signing link for an open request; the previous link stops working. */
export async function requestSignUrl(requestId: string): Promise<string> {
  const answer = await apiRequest(`${contractPath(requestId)}/sign-url`, signUrlResponseSchema, {
    method: 'POST',
    body: {},
  });
  if (!answer.signUrl) throw new ApiError(200, CONTRACT_MESSAGES.noSignUrl, answer);
  return answer.signUrl;
}

export async function fetchContractPreview(signal?: AbortSignal) {
  return (await apiGet('/api/contracts/template', agreementPreviewResponseSchema, signal)).template;
}

export function useContractPreview(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.contractPreview,
    queryFn: ({ signal }) => fetchContractPreview(signal),
    enabled,
    retry: retryUnlessFinal,
  });
}

export async function fetchContractAudit(requestId: string, signal?: AbortSignal) {
  return (await apiGet(`${contractPath(requestId)}/audit`, signatureAuditResponseSchema, signal)).events;
}

/** Where the sealed PDF downloads from (the server also puts it in `documentUrl` once sealed). */
export function contractDocumentPath(requestId: string): string {
  return `${contractPath(requestId)}/document`;
}

export function contractVerifyPath(requestId: string): string {
  return `/contracts/${encodeURIComponent(requestId)}/verify`;
}

// The signing page (/sign/:token)

export async function fetchSigningDocument(token: string, signal?: AbortSignal): Promise<SigningDocument> {
  return (await apiGet(signingPath(token), signingDocumentResponseSchema, signal)).document;
}

export function useSigningDocument(token: string) {
  return useQuery({
    queryKey: queryKeys.signingDocument(token),
    queryFn: ({ signal }) => fetchSigningDocument(token, signal),
    retry: retryUnlessFinal,
    // The page is a record of what was shown: refetching behind the reader's back could change it.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export async function consentToSign(token: string) {
  return apiRequest(`${signingPath(token)}/consent`, signingActionResponseSchema, {
    method: 'POST',
    body: { consent: true },
  });
}

export async function signAgreement(token: string, body: SigningSignBody) {
  return apiRequest(`${signingPath(token)}/sign`, signingActionResponseSchema, { method: 'POST', body });
}

export async function declineAgreement(token: string, reason: string) {
  const trimmed = reason.trim();
  return apiRequest(`${signingPath(token)}/decline`, signingActionResponseSchema, {
    method: 'POST',
    body: trimmed ? { reason: trimmed } : {},
  });
}

// The verify page (/contracts/:id/verify)

export async function fetchContractVerifyInfo(
  requestId: string,
  signal?: AbortSignal,
): Promise<ContractVerifyInfo> {
  return apiGet(`${contractPath(requestId)}/verify`, contractVerifyInfoResponseSchema, signal);
}

export function useContractVerifyInfo(requestId: string) {
  return useQuery({
    queryKey: queryKeys.contractVerify(requestId),
    queryFn: ({ signal }) => fetchContractVerifyInfo(requestId, signal),
    retry: retryUnlessFinal,
  });
}

const errorBodySchema = z.object({
  error: z.string().optional(),
  message: z.string().optional(),
  statusCode: z.number().optional(),
});

/** The server's words: ours say `error`; Fastify's own (e.g. a 413) say `message` with the phrase in `error`. */
function errorMessage(status: number, body: unknown): string {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return `HTTP ${status}`;
  const { error, message, statusCode } = parsed.data;
  const words = statusCode === undefined ? [error, message] : [message, error];
  return words.find((text) => text) ?? `HTTP ${status}`;
}

/**
 * POST /api/contracts/:id/verify with the file's bytes as the body. apiRequest sends JSON only,
 * and a PDF must reach the server byte for byte, so this one call speaks fetch itself.
 */
export async function verifyContractCopy(requestId: string, file: Blob): Promise<ContractVerifyResult> {
  let response: Response;
  try {
    response = await fetch(`${contractPath(requestId)}/verify`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/pdf' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'Failed to connect to server');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body), body);
  const parsed = contractVerifyResultResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, 'Failed to parse server response', body);
  return parsed.data;
}
