/** See dev-state-file.mjs. */
export declare const DATA_DIR: string;
export declare const STATE_FILE: string;
export declare function readDevStateFile(): unknown;
