/**
 * The output of a process that runs across tool calls. Tools read it two ways: "what arrived since
 * I last asked" (codex's write_stdin, Claude Code's TaskOutput) and "the latest lines"
 * (gemini-cli's read_background_output). Both are bounded, so a chatty process cannot grow the
 * host's memory: unread text keeps its most recent `maxUnreadChars`, counting what it dropped.
 */
export class OutputBuffer {
  private unread: string[] = [];
  private unreadChars = 0;
  private dropped = 0;
  private recentText = '';
  private total = 0;

  constructor(
    private readonly maxUnreadChars = 1024 * 1024,
    private readonly maxRecentChars = 256 * 1024,
  ) {}

  /** Takes output as it arrives. */
  readonly receive = (text: string): void => {
    if (text.length === 0) return;
    this.total += text.length;
    this.unread.push(text);
    this.unreadChars += text.length;
    if (this.unreadChars > this.maxUnreadChars) this.dropOldestUnread();
    this.recentText += text;
    if (this.recentText.length > this.maxRecentChars * 2) {
      this.recentText = this.recentText.slice(-this.maxRecentChars);
    }
  };

  /** Characters received in all. */
  get totalChars(): number {
    return this.total;
  }

  /** Everything not read yet, and how many older unread characters were dropped to stay bounded. */
  takeUnread(): { text: string; droppedChars: number } {
    const taken = { text: this.unread.join(''), droppedChars: this.dropped };
    this.unread = [];
    this.unreadChars = 0;
    this.dropped = 0;
    return taken;
  }

  /** The most recent output (up to `maxRecentChars`), whether read before or not. */
  recent(): string {
    return this.recentText.length > this.maxRecentChars
      ? this.recentText.slice(-this.maxRecentChars)
      : this.recentText;
  }

  private dropOldestUnread(): void {
    const joined = this.unread.join('');
    const keep = joined.slice(-this.maxUnreadChars);
    this.dropped += joined.length - keep.length;
    this.unread = [keep];
    this.unreadChars = keep.length;
  }
}
