/**
 * Dropbox Sign's embedded client (hellosign-embedded 2.x ships no types): the parts the signing
 * page uses. Its events come from the framed app by postMessage, checked against the sign URL's origin.
 */
declare module 'hellosign-embedded' {
  export interface HelloSignOpenOptions {
    /** Must match the signature request's own test_mode. */
    testMode?: boolean;
    /** Lets a test_mode request open on a domain the API app does not name. */
    skipDomainVerification?: boolean;
    allowCancel?: boolean;
    /** Milliseconds to wait for the framed app before an 'error'. */
    timeout?: number;
  }

  export interface HelloSignSignEvent {
    signatureId: string;
  }

  export interface HelloSignErrorEvent {
    signatureId?: string;
    code?: string | number;
  }

  interface HelloSignEvents {
    sign: (event: HelloSignSignEvent) => void;
    cancel: () => void;
    close: () => void;
    finish: () => void;
    error: (event: HelloSignErrorEvent) => void;
  }

  export default class HelloSign {
    constructor(options: { clientId: string } & HelloSignOpenOptions);
    open(url: string, options?: HelloSignOpenOptions): void;
    close(): void;
    readonly isOpen: boolean;
    on<E extends keyof HelloSignEvents>(name: E, listener: HelloSignEvents[E]): this;
    off<E extends keyof HelloSignEvents>(name: E, listener?: HelloSignEvents[E]): this;
  }
}
