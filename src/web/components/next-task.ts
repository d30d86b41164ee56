/**
 * Resolves in a task of its own, after the browser has had its turn (input, rendering). Work split
 * by it runs as several short tasks instead of one long one: on a phone, every task over 50 ms
 * blocks the page for what it takes beyond that (total blocking time).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
