// s3rver ships no types: the part of its API the tests and the cluster script use.
declare module 's3rver' {
  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
