import type { Article } from '../../api/types.ts';
import type { ArticleEditor } from './use-article-editor.ts';

const COVER_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** The cover image: uploaded at once when chosen, used (or removed) when the article is saved. */
export function CoverField({
  id,
  editor,
  saved,
}: {
  id: string;
  editor: ArticleEditor;
  saved: Article | undefined;
}) {
  const { draft, setDraft, errors, uploading, uploadCover } = editor;
  return (
    <div className="field">
      <label htmlFor={`${id}-cover`}>
        Cover image <span className="optional">(optional)</span>
      </label>
      <input
        id={`${id}-cover`}
        type="file"
        accept={COVER_TYPES}
        disabled={uploading}
        aria-describedby={errors.cover ? `${id}-cover-error` : `${id}-cover-hint`}
        onChange={(e) => void uploadCover(e.target.files?.[0])}
      />
      <p id={`${id}-cover-hint`} className="hint">
        {uploading
          ? 'Uploading…'
          : draft.coverFileId
            ? 'New cover ready: it is used when you save.'
            : draft.coverFileId === null
              ? 'The cover is removed when you save.'
              : saved?.coverUrl
                ? 'This article has a cover.'
                : 'JPEG, PNG, WebP, AVIF or GIF.'}
      </p>
      {saved?.coverUrl && draft.coverFileId === undefined && (
        <button
          type="button"
          className="link-button"
          onClick={() => setDraft((d) => ({ ...d, coverFileId: null }))}
        >
          Remove the cover
        </button>
      )}
      {errors.cover && (
        <p id={`${id}-cover-error`} className="field-error">
          {errors.cover}
        </p>
      )}
    </div>
  );
}
