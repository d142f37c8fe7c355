// What the benchmarks print their figures with.

/** The middle of the values (the upper one of an even count): the figure of several runs. */
export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds as the benches write them: a tenth under 10 ms, whole above. */
export const msText = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
