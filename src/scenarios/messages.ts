/** Human words for zod's expected types ("expected a map, given the number 51"). */
export function describeType(expected: string): string {
  const words: Record<string, string> = {
    object: "a map",
    string: "text",
    number: "a number",
    boolean: "true or false",
    array: "a list",
    record: "a map",
    int: "a whole number",
  };
  return words[expected] ?? expected;
}
