/** One entry of a sub-template / sample list. */
export interface EntryItem {
  id: number;
  title: string;
  questionaryId: number;
  isCompleted: boolean;
  /** samples: declared after the proposal's submission (not part of the answer) */
  isPostProposalSubmission?: boolean;
}

/** The calls behind a list (generic templates or samples). */
export interface EntriesAdapter {
  list(): Promise<EntryItem[]>;
  create(title: string): Promise<{ id: number; title: string; questionaryId: number }>;
  rename(id: number, title: string): Promise<void>;
  clone(item: EntryItem): Promise<void>;
  remove(id: number): Promise<void>;
  /** whether the entry counts in the question's answer (post-submission samples do not) */
  counts(item: EntryItem): boolean;
  /** whether the user may change / delete this entry now */
  canChange(item: EntryItem): boolean;
  /** whether new entries may be added now (besides max entries) */
  canAdd: boolean;
}
