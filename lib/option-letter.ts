/** How an option is named to people: A, B, C … (past Z, its number from 1). */
export function optionLetter(index: number): string {
  return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index] ?? String(index + 1);
}
