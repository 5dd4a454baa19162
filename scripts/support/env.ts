/** A positive number from the environment variable `name`, or `fallback` when it is not set. */
export function positiveNumberEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}
