import type { ArticleEditor } from './use-article-editor.ts';

/** The form's buttons: save, publish or unpublish, and delete (asks first, through `onDelete`). */
export function EditorActions({
  editor,
  saved,
  published,
  onDelete,
}: {
  editor: ArticleEditor;
  saved: boolean;
  published: boolean;
  onDelete(): void;
}) {
  const { save, busy } = editor;
  return (
    <div className="button-row sticky-actions">
      <button type="submit" className="button" disabled={busy}>
        {save.isPending && !save.variables?.status ? 'Saving…' : published ? 'Save' : 'Save draft'}
      </button>
      <button
        type="button"
        className={published ? 'button' : 'button primary'}
        disabled={busy}
        onClick={() => save.mutate({ status: published ? 'draft' : 'published' })}
      >
        {published ? 'Unpublish' : 'Publish'}
      </button>
      {saved && (
        <button type="button" className="button ghost danger-text" disabled={busy} onClick={onDelete}>
          Delete
        </button>
      )}
    </div>
  );
}
