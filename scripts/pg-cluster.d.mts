// Types of pg-cluster.mjs, for the TypeScript scripts that start a throwaway cluster.
export function findPgBin(): string | undefined;
export function freePort(): Promise<number>;
export function startCluster(): Promise<{ url: string; stop(): void }>;
