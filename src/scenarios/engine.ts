/**
 * The scenario engine: match plus effect (DESIGN rule 9). It is pure: given a request it returns the
 * matching rule's outcome, or null; services and the HTTP pipeline apply it.
 *
 * Foundation stage: no rules are loaded yet, so nothing matches. The scenario issue fills this in.
 */
export interface MatchInput {
  operation: string;
  clientId: string | null;
  body: unknown;
  query: Record<string, string>;
  headers: Record<string, string>;
}

/** What a matched rule asks for; its full shape is the scenario format's `then` block. */
export type Outcome = Record<string, unknown>;

export interface Matched {
  /** `<scenario>/<rule>`, sent back in `x-paydouble-rule`. */
  label: string;
  outcome: Outcome;
}

export class ScenarioEngine {
  /** The first rule that matches, or null. */
  match(_input: MatchInput): Matched | null {
    return null;
  }
}
