import {
  addUsage,
  type CallOptions,
  costOf,
  EMPTY_USAGE,
  type Middleware,
  type Request,
  type StreamEvent,
  type StreamNext,
  type Usage,
} from '@weft/llm';

/** What one model cost in this process. */
export interface ModelUsage {
  provider: string;
  model: string;
  /** Model calls answered (retried and discarded responses included: they were paid for). */
  calls: number;
  usage: Usage;
  /** Dollars at the catalog's prices; null when the catalog has no prices for the model. */
  costUsd: number | null;
}

/** Spend over some span: per model, and the totals. */
export interface SpendReport {
  models: ModelUsage[];
  usage: Usage;
  /** Null when a model used has no prices in the catalog. */
  costUsd: number | null;
}

function spendReport(models: ModelUsage[]): SpendReport {
  let usage = EMPTY_USAGE;
  let costUsd: number | null = 0;
  for (const entry of models) {
    usage = addUsage(usage, entry.usage);
    costUsd = costUsd === null || entry.costUsd === null ? null : costUsd + entry.costUsd;
  }
  return { models, usage, costUsd };
}

function subtractUsage(a: Usage, b: Usage): Usage {
  const difference: Usage = {
    inputTokens: a.inputTokens - b.inputTokens,
    outputTokens: a.outputTokens - b.outputTokens,
    totalTokens: a.totalTokens - b.totalTokens,
  };
  for (const key of ['reasoningTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const) {
    if (a[key] !== undefined) difference[key] = a[key] - (b[key] ?? 0);
  }
  return difference;
}

/** Raised before a model call once the cost budget is spent: the call is never sent. */
export class BudgetExceededError extends Error {
  override readonly name = 'BudgetExceededError';
  constructor(
    readonly limitUsd: number,
    readonly spentUsd: number,
  ) {
    super(
      `The cost budget of $${limitUsd} is spent ($${spentUsd.toFixed(4)} so far); no further model calls are made.`,
    );
  }
}

/**
 * Counts every model call the client makes (the session's, its subagents', compaction's) by
 * provider and model, prices it from the catalog, and enforces the cost budget: once the spend
 * reaches it, the next call fails with BudgetExceededError before anything is sent. It sits in the
 * client as middleware, so nothing the agent does escapes it.
 */
export class CostTracker {
  private readonly byModel = new Map<string, ModelUsage>();
  private budgetHit = false;

  constructor(private readonly maxCostUsd: number | undefined) {}

  /** Per `provider/model`, in first-use order. */
  get models(): ModelUsage[] {
    return [...this.byModel.values()].map((entry) => ({ ...entry }));
  }

  get usage(): Usage {
    return this.report().usage;
  }

  /** The total in dollars; null when a model used has no prices in the catalog. */
  get costUsd(): number | null {
    return this.report().costUsd;
  }

  /** Whether a call was refused for the budget since the last `resetBudgetFlag`. */
  get budgetExceeded(): boolean {
    return this.budgetHit;
  }

  resetBudgetFlag(): void {
    this.budgetHit = false;
  }

  /** What was spent from now on: `report()` of the returned object gives the models and totals since. */
  checkpoint(): { report(): SpendReport } {
    const before = new Map([...this.byModel].map(([key, entry]) => [key, { ...entry }]));
    return {
      report: () => {
        const models: ModelUsage[] = [];
        for (const [key, entry] of this.byModel) {
          const earlier = before.get(key);
          const calls = entry.calls - (earlier?.calls ?? 0);
          if (calls === 0) continue;
          const usage = earlier ? subtractUsage(entry.usage, earlier.usage) : entry.usage;
          models.push({ ...entry, calls, usage, costUsd: costOf(usage, entry.model)?.total ?? null });
        }
        return spendReport(models);
      },
    };
  }

  /** Everything spent in this process. */
  report(): SpendReport {
    return spendReport(this.models);
  }

  record(provider: string, model: string, usage: Usage): void {
    const key = `${provider}/${model}`;
    const entry = this.byModel.get(key) ?? { provider, model, calls: 0, usage: EMPTY_USAGE, costUsd: 0 };
    entry.calls++;
    entry.usage = addUsage(entry.usage, usage);
    entry.costUsd = costOf(entry.usage, model)?.total ?? null;
    this.byModel.set(key, entry);
  }

  middleware(): Middleware {
    return {
      name: 'weft-cost',
      complete: async (request, next, options) => {
        this.checkBudget();
        const response = await next(request, options);
        this.record(request.provider ?? response.provider, request.model, response.usage);
        return response;
      },
      stream: (request, next, options) => this.observe(request, next, options),
    };
  }

  private checkBudget(): void {
    if (this.maxCostUsd === undefined) return;
    const spent = this.costUsd ?? 0;
    if (spent >= this.maxCostUsd) {
      this.budgetHit = true;
      throw new BudgetExceededError(this.maxCostUsd, spent);
    }
  }

  /** The stream as it is, with the finish event's usage recorded on the way (no extra async hop per event). */
  private observe(request: Request, next: StreamNext, options: CallOptions): AsyncIterable<StreamEvent> {
    return {
      [Symbol.asyncIterator]: () => {
        this.checkBudget();
        const inner = next(request, options)[Symbol.asyncIterator]();
        return {
          next: async () => {
            const step = await inner.next();
            if (!step.done && step.value.type === 'finish') {
              this.record(request.provider ?? step.value.response.provider, request.model, step.value.usage);
            }
            return step;
          },
          return: async (value?: unknown) => inner.return?.(value) ?? { done: true, value: undefined },
        };
      },
    };
  }
}
