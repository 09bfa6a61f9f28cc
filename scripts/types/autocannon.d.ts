/** The part of autocannon (no types published) scripts/bench/edge.ts uses. */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: { setupRequest?: (req: { path: string }) => { path: string } }[];
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
