/**
 * An action's result whose JSON is already made: a handler that caches its answers (the quote grid)
 * returns one, and the gateway writes the text into its response as it is instead of serializing the
 * same objects again on every call. The text must be what `JSON.stringify` makes of the result.
 */
export class SerializedResult {
  readonly json: string;

  constructor(value: unknown) {
    this.json = JSON.stringify(value);
  }
}
