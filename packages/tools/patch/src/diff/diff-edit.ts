/** A run of lines that are unchanged, removed or added, by position in the old and new text. */
export interface DiffEdit {
  kind: 'equal' | 'delete' | 'insert';
  /** 0-based index of the run's first line in the old text (where it would be, for inserts). */
  oldStart: number;
  /** 0-based index of the run's first line in the new text (where it would be, for deletes). */
  newStart: number;
  count: number;
}

/** Builds a compact edit list from per-line steps, merging neighbours and putting removals before additions. */
export class EditListBuilder {
  private readonly edits: DiffEdit[] = [];
  private oldIndex = 0;
  private newIndex = 0;
  private pendingDeletes = 0;
  private pendingInserts = 0;

  equal(count: number): void {
    if (count <= 0) return;
    this.flush();
    this.push('equal', count);
  }

  delete(count = 1): void {
    this.pendingDeletes += count;
  }

  insert(count = 1): void {
    this.pendingInserts += count;
  }

  finish(): DiffEdit[] {
    this.flush();
    return this.edits;
  }

  private flush(): void {
    if (this.pendingDeletes > 0) this.push('delete', this.pendingDeletes);
    if (this.pendingInserts > 0) this.push('insert', this.pendingInserts);
    this.pendingDeletes = 0;
    this.pendingInserts = 0;
  }

  private push(kind: DiffEdit['kind'], count: number): void {
    const last = this.edits[this.edits.length - 1];
    if (last?.kind === kind) last.count += count;
    else this.edits.push({ kind, oldStart: this.oldIndex, newStart: this.newIndex, count });
    if (kind !== 'insert') this.oldIndex += count;
    if (kind !== 'delete') this.newIndex += count;
  }
}

/**
 * Merges each run of removals and additions with nothing unchanged between them into one
 * removal followed by one addition (the conventional diff layout). Within such a run the old
 * lines and the new lines are each contiguous, so this changes only the order of display.
 */
export function groupChanges(edits: readonly DiffEdit[]): DiffEdit[] {
  const grouped: DiffEdit[] = [];
  let index = 0;
  while (index < edits.length) {
    const edit = edits[index] as DiffEdit;
    if (edit.kind === 'equal') {
      grouped.push(edit);
      index++;
      continue;
    }
    let deletes = 0;
    let inserts = 0;
    const oldStart = edit.oldStart;
    const newStart = edit.newStart;
    for (; index < edits.length && (edits[index] as DiffEdit).kind !== 'equal'; index++) {
      const change = edits[index] as DiffEdit;
      if (change.kind === 'delete') deletes += change.count;
      else inserts += change.count;
    }
    if (deletes > 0) grouped.push({ kind: 'delete', oldStart, newStart, count: deletes });
    if (inserts > 0) grouped.push({ kind: 'insert', oldStart: oldStart + deletes, newStart, count: inserts });
  }
  return grouped;
}
