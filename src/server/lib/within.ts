/** `work`, or a rejection once `ms` have passed without its answer (a frozen dependency must not hang the caller). */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
