// The part of autocannon's programmatic API the search benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string> };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    requests?: (Request & { setupRequest?: (request: Request) => Request })[];
  };
  type Histogram = { average: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number; total: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
