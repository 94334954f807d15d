/** `event: <name>` + `data: <json>` + blank line: Anthropic's and OpenAI Responses' framing. */
export function eventFrame(event: string, data: string): string {
  return `event: ${event}\ndata: ${data}\n\n`;
}

/** `data: <json>` + blank line: Chat Completions' framing (Gemini ends frames with CRLF CRLF instead). */
export function dataFrame(data: string, terminator = '\n\n'): string {
  return `data: ${data}${terminator}`;
}
