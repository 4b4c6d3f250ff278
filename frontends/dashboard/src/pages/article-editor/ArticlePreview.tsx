import type { Article } from '../../api/types.ts';
import type { ArticleEditor } from './use-article-editor.ts';

/** The article as readers will see it: the last saved version, rendered by the content service. */
export function ArticlePreview({ editor, saved }: { editor: ArticleEditor; saved: Article | undefined }) {
  return (
    <section className="panel preview" aria-label="Preview">
      {!saved ? (
        <p>Save the article once to see it as readers will.</p>
      ) : (
        <>
          {editor.dirty && (
            <div className="notice">
              <p>This is the last saved version; your newest changes are not in it yet.</p>
              <button
                type="button"
                className="button"
                disabled={editor.busy}
                onClick={() => editor.save.mutate({ preview: true })}
              >
                Save and preview
              </button>
            </div>
          )}
          <article className="article">
            <h1>{saved.title}</h1>
            <p className="meta">{saved.author}</p>
            {/* The content service renders the Markdown (raw HTML off) and sanitizes it with its
                allowlist, exactly as the public blog page shows it. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the content service */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: saved.html }} />
          </article>
        </>
      )}
    </section>
  );
}
