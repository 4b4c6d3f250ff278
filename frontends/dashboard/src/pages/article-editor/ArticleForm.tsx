import { type ReactNode, useId } from 'react';
import type { Article } from '../../api/types.ts';
import type { ArticleDraft } from '../../lib/article-form.ts';
import { CoverField } from './CoverField.tsx';
import { EditorActions } from './EditorActions.tsx';
import type { ArticleEditor } from './use-article-editor.ts';

const optional = (label: string) => (
  <>
    {label} <span className="optional">(optional)</span>
  </>
);

/** The write tab: every field of the article, its cover, and the save and publish buttons. */
export function ArticleForm({
  editor,
  saved,
  onDelete,
}: {
  editor: ArticleEditor;
  saved: Article | undefined;
  onDelete(): void;
}) {
  const id = useId();
  const { draft, setDraft, errors } = editor;

  /** A labelled control bound to `draft[name]`, with its hint and its error tied to it for screen readers. */
  const field = (
    name: keyof ArticleDraft,
    label: ReactNode,
    control: (a: Record<string, unknown>) => ReactNode,
    hint?: string,
  ) => {
    const fid = `${id}-${name}`;
    const error = errors[name];
    const describedBy = [hint ? `${fid}-hint` : '', error ? `${fid}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="field">
        <label htmlFor={fid}>{label}</label>
        {control({
          id: fid,
          value: draft[name] ?? '',
          onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
        {hint && (
          <p id={`${fid}-hint`} className="hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${fid}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="form editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        editor.save.mutate({});
      }}
    >
      {field('title', 'Title', (a) => (
        <input {...a} maxLength={200} required />
      ))}
      {field(
        'slug',
        optional('Address'),
        (a) => (
          <input {...a} maxLength={80} placeholder="made from the title" />
        ),
        'Lowercase words joined by hyphens, e.g. heic-vs-jpeg. The article lives at /blog/<address>.',
      )}
      {field('author', optional('Author'), (a) => (
        <input {...a} maxLength={200} />
      ))}
      {field(
        'body',
        'Text (Markdown)',
        (a) => (
          <textarea {...a} rows={16} className="markdown" spellCheck />
        ),
        'Markdown: # heading, **bold**, [link](https://…), - lists. HTML is shown as text.',
      )}
      {field(
        'excerpt',
        optional('Excerpt'),
        (a) => (
          <textarea {...a} rows={2} maxLength={2000} />
        ),
        'Shown in the blog list. Empty: the first paragraph.',
      )}
      <CoverField id={id} editor={editor} saved={saved} />
      <fieldset className="meta-fields">
        <legend>Search engines</legend>
        {field(
          'meta_title',
          optional('Meta title'),
          (a) => (
            <input {...a} maxLength={200} />
          ),
          'Empty: the title.',
        )}
        {field(
          'meta_description',
          optional('Meta description'),
          (a) => (
            <textarea {...a} rows={2} maxLength={2000} />
          ),
          'Empty: the excerpt.',
        )}
        {field(
          'keywords',
          optional('Keywords'),
          (a) => (
            <input {...a} />
          ),
          'Separated by commas.',
        )}
      </fieldset>
      <EditorActions
        editor={editor}
        saved={Boolean(saved)}
        published={saved?.status === 'published'}
        onDelete={onDelete}
      />
    </form>
  );
}
