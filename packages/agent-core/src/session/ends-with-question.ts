/**
 * A simple rule for `SessionOptions.awaitsInput`: the answer's last non-empty line ends with a
 * question mark (ASCII or full-width), outside a code block. Hosts that want AWAITING_INPUT opt in
 * with it or their own rule.
 */
export function endsWithQuestion(answer: string): boolean {
  const withoutCode = answer.replace(/```[\s\S]*?```/g, '');
  const lines = withoutCode.split('\n').map((line) => line.trim());
  const last = lines.filter((line) => line !== '').at(-1);
  return last !== undefined && /[?？]["'”’)*_]*$/.test(last);
}
