/** The part of autocannon (no types published) scripts/bench/edge.ts and abuse.ts use. */
declare module 'autocannon' {
  interface Request {
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: {
      setupRequest?: (req: Request) => Request;
    }[];
  }
  interface Result {
    requests: { average: number };
    non2xx: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  }
  export default function autocannon(options: Options): Instance;
}
