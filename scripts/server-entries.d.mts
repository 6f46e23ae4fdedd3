/** The server's programs by name, each its TypeScript entry (see server-entries.mjs). */
export declare const SERVER_ENTRIES: Readonly<Record<string, string>>;
export declare const SERVER_OUT_DIR: string;
