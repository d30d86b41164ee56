/** The Node flags the server process runs with (see server-node-flags.mjs). */
export declare const serverNodeFlags: string[];
