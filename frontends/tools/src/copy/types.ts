/** The page copy of one catalog entry: written per tool, shown beside its workspace. */
export interface ToolCopy {
  /** The run button: "Trim the video". */
  action: string;
  /** What it does and when it helps: two or three sentences. */
  intro: string;
  /** How to use it, in three steps. */
  steps: [string, string, string];
  /** What it can and cannot do: sizes, lengths, formats. */
  limits: string[];
  /** A short FAQ: the questions people ask about this tool. */
  faq: { q: string; a: string }[];
}
