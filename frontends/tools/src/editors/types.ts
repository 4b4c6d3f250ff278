import type { Tool } from '@mediakit/web-api/types';
import type { ShellHost } from '@mediakit/web-ui/contract';
import type { FormValues } from '../params/schema-fields.ts';
import type { UploadItem } from '../upload/use-uploads.ts';

/** What an editor gets: the inputs (local files when picked here) and the form it edits. */
export interface EditorProps {
  host: ShellHost;
  tool: Tool;
  items: UploadItem[];
  values: FormValues;
  /** The params the form builds now (valid fields only): what the job would get. */
  params: Record<string, unknown>;
  /** Sets some form values, as if typed (they count as the user's). */
  setValues(patch: FormValues): void;
  disabled?: boolean;
}
