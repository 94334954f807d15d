/** USD per million tokens. */
export interface ModelPrices {
  input: number;
  output: number;
  /** Input tokens read from the prompt cache; the input price when absent. */
  cacheRead?: number;
  /** Input tokens written to the prompt cache; the input price when absent. */
  cacheWrite?: number;
}

/** What the catalog knows about a model. Advisory: a model missing here still works. */
export interface ModelInfo {
  /** The provider's own model id. */
  id: string;
  provider: string;
  displayName: string;
  /** Input plus output tokens the model can hold. */
  contextWindow: number;
  /** The most output tokens one response may have. */
  maxOutput?: number;
  capabilities: { tools: boolean; vision: boolean; reasoning: boolean };
  /** Absent when unknown; see the data file's note: prices are data to keep up to date. */
  prices?: ModelPrices;
  /** Other ids for the same model (dated snapshots, `-latest` names). */
  aliases: string[];
  /** Where the figures come from: 'spec', 'docs-2025', 'sdk' (see data/models.json). */
  source?: string;
}

export type ModelCapability = keyof ModelInfo['capabilities'];
