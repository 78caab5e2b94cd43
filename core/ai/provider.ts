import type { AiProviderId, NoticeAnalysisInput } from './notice-analysis';

/** One way of analysing a notice, behind `TOKENS.Ai`: the service picks one per installation. */
export interface AiProvider {
  readonly id: AiProviderId;
  /** Reported as the analysis's `model`. */
  readonly model: string;
  /**
   * The analysis as the provider gave it, for the service to hold to `noticeAnalysisSchema`. Rejects with `AiError`
   * when the provider fails or gives no readable answer.
   */
  answer(input: NoticeAnalysisInput, signal?: AbortSignal): Promise<unknown>;
}
