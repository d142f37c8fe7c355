export declare function devHosts(): string[];
export declare function networkAddresses(): string[];
