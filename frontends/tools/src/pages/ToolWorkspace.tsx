import { describeError } from '@mediakit/web-api/errors';
import type { Tool } from '@mediakit/web-api/types';
import { useSearchParams } from '@mediakit/web-shared/router';
import type { ShellHost } from '@mediakit/web-ui/contract';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FileInfo } from '../api/types.ts';
import { editorFor } from '../editors/registry.tsx';
import { LazyPart } from '../LazyPart.tsx';
import { lazyComponent } from '../lazy-component.tsx';
import { audioSettingsForm } from '../params/audio-form.ts';
import { ParamsForm } from '../params/ParamsForm.tsx';
import {
  buildParams,
  defaultValues,
  type FormValues,
  fieldsOf,
  type JsonSchema,
  leaves,
} from '../params/schema-fields.ts';
import { hiddenFields, idleFields, TOOL_FORMS } from '../params/tool-forms.ts';
import { describeExpiry, earliest } from '../run/expiry.ts';
import { RunProgress } from '../run/RunProgress.tsx';
import { inputCountLine, runBlockers, runLabel } from '../run/run-readiness.ts';
import { useJob } from '../run/use-job.ts';
import { checkFileType, checkSelection } from '../upload/accept.ts';
import { DropZone } from '../upload/DropZone.tsx';
import { inputSlots } from '../upload/input-slots.ts';
import { LinkImport } from '../upload/LinkImport.tsx';
import { pixelProblem } from '../upload/pixel-limit.ts';
import { useUploads } from '../upload/use-uploads.ts';

// The file cards (with their previews) exist only once a file is added: fetched then, not with the page.
const UploadList = lazyComponent(() =>
  import('../upload/UploadList.tsx').then((module) => module.UploadList),
);

// Shown once a job is done: fetched when it starts (see submit), so it is here when the job ends.
const ResultPanel = lazyComponent(() =>
  import('../run/ResultPanel.tsx').then((module) => module.ResultPanel),
);

interface WorkspaceProps {
  host: ShellHost;
  tool: Tool;
  tools: readonly Tool[];
  /** The run button's words from the page copy ("Trim the video"), when the entry has copy. */
  action?: string;
}

/** Upload, settings, run, result: the working part of every tool and converter page. */
export function ToolWorkspace({ host, tool, tools, action }: WorkspaceProps) {
  const slots = useMemo(() => inputSlots(tool), [tool]);
  const runStateId = useId();
  const uploads = useUploads(host);
  const job = useJob(host);
  const fields = useMemo(() => {
    const idle = idleFields(tool);
    return fieldsOf(tool.params as JsonSchema).filter((field) => !idle.has(field.path));
  }, [tool]);
  const form = useMemo(() => TOOL_FORMS[tool.name] ?? audioSettingsForm(tool), [tool]);
  const [values, setValues] = useState<FormValues>(() => ({
    ...defaultValues(fields),
    ...form?.startValues?.(undefined),
  }));
  const touched = useRef(new Set<string>());
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const what = tool.kind === 'converter' ? 'this converter' : 'this tool';

  const { items } = uploads;
  const ordered = useMemo(
    () => slots.flatMap((_, slot) => items.filter((item) => item.slot === slot)),
    [slots, items],
  );
  const ready = ordered.filter((item) => item.status === 'ready' && item.file);
  const inputs = ready.map((item) => item.file as FileInfo);
  const firstInput = inputs[0];

  // Values that depend on the input (trim end = its length, a centered crop) once it is known,
  // for the fields the user has not touched yet.
  useEffect(() => {
    if (!firstInput || !form?.startValues) return;
    const start = form.startValues(firstInput);
    setValues((current) => {
      const next = { ...current };
      for (const [path, value] of Object.entries(start)) if (!touched.current.has(path)) next[path] = value;
      return next;
    });
  }, [firstInput, form]);

  const setField = useCallback((path: string, value: string) => {
    touched.current.add(path);
    setValues((current) => ({ ...current, [path]: value }));
    setErrors(({ [path]: _, ...rest }) => rest);
  }, []);
  const patchValues = useCallback((patch: FormValues) => {
    for (const path of Object.keys(patch)) touched.current.add(path);
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !(path in patch))));
  }, []);

  const addFiles = (files: File[], slot: number) => {
    const room = slots[slot].max - items.filter((item) => item.slot === slot).length;
    const { accepted, problems: found } = checkSelection(files, slots[slot].accept, room, what);
    setProblems(found);
    if (accepted.length > 0) {
      UploadList.preload();
      uploads.add(accepted, slot);
    }
  };

  // The server fetches the link; a file of a type this slot does not take is refused on its card.
  const addLink = (link: string, slot: number) => {
    setProblems([]);
    UploadList.preload();
    uploads.addLink(link, slot, (file) =>
      checkFileType({ name: file.name, type: file.mime }, slots[slot].accept, what),
    );
  };

  // "Use in another tool": /tool/x?file=<id> brings an output over without a download.
  const [search] = useSearchParams();
  const picked = useRef(new Set<string>());
  useEffect(() => {
    for (const id of search.getAll('file')) {
      if (picked.current.has(id)) continue;
      picked.current.add(id);
      host.api.get<FileInfo>(`/files/${encodeURIComponent(id)}`).then(
        (file) => {
          const slot = slots.findIndex((s) => !checkFileType({ name: file.name, type: file.mime }, s.accept));
          if (slot === -1) {
            setProblems([checkFileType({ name: file.name, type: file.mime }, slots[0].accept, what) ?? '']);
            return;
          }
          uploads.addExisting(file, slot);
        },
        (error: unknown) =>
          setProblems([`The file passed to this page could not be opened: ${describeError(error).message}`]),
      );
    }
  }, [search, host, slots, uploads, what]);

  const hidden = hiddenFields(form, values, chosen);
  const running = job.state.phase === 'submitting' || job.state.phase === 'running';
  // Files the tool cannot take as they are, said on their cards as soon as the upload answers.
  const refusals = useMemo(() => {
    const found: Record<string, string> = {};
    for (const item of items) {
      const problem = item.file && pixelProblem(item.file, tool.inputs.maxPixels);
      if (problem) found[item.key] = problem;
    }
    return found;
  }, [items, tool]);
  const blockers = runBlockers(
    items.map((item) => ({ ...item, refused: item.key in refusals })),
    slots,
  );
  // Editors never get a file the tool refuses (a 30000 × 30000 picture would not fit in memory).
  const editable = ordered.filter((item) => !(item.key in refusals));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = buildParams(fields, values, hidden);
    const found = {
      ...built.errors,
      ...(Object.keys(built.errors).length === 0 ? form?.check?.(built.params, inputs) : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    ResultPanel.preload(); // here by the job's end; a failure shows where the result goes, with a retry
    const refused = await job.run(
      tool.name,
      inputs.map((file) => file.id),
      built.params,
    );
    if (refused) setErrors(refused);
  };

  const startOver = () => {
    job.reset();
    uploads.clear();
    setProblems([]);
  };

  const Editor = editorFor(tool.name);
  const expiresAt = earliest(inputs.map((file) => file.expiresAt));
  const done = job.state.phase === 'done' && job.state.job.status === 'succeeded' ? job.state.job : undefined;
  const multiple = slots.length === 1 && slots[0].max > 1;
  // Joining clips and a slideshow take the files in the order shown, so it can be changed.
  const inOrder = (multiple && tool.inputs.min !== 1) || tool.name === 'convert-image-to-video';
  const countLine = inputCountLine(tool, slots, ready.length, inOrder);
  const generalError = errors._;

  return (
    <div className="workspace">
      <section className="step" aria-labelledby="step-files">
        <h2 id="step-files">
          <span className="step-number">1</span>{' '}
          {multiple ? 'Add your files' : slots.length > 1 ? 'Add your files' : 'Add your file'}
        </h2>
        {slots.map((slot, index) => {
          const slotItems = items.filter((item) => item.slot === index);
          const full = slotItems.length >= slot.max;
          return (
            <div key={slot.label} className="slot">
              {!full && (
                <DropZone
                  label={
                    slots.length > 1
                      ? slot.label
                      : multiple
                        ? `Add ${slot.label.toLowerCase()}`
                        : `Add ${slot.label.toLowerCase()}`
                  }
                  accept={slot.accept}
                  multiple={slot.max > 1}
                  disabled={running}
                  countHint={slot.max > 1 ? `up to ${slot.max} files` : 'one file'}
                  onFiles={(files) => addFiles(files, index)}
                />
              )}
              {!full && <LinkImport disabled={running} onLink={(link) => addLink(link, index)} />}
              {slots.length > 1 && full && <h3 className="slot-label">{slot.label}</h3>}
              {slotItems.length > 0 && (
                <LazyPart failed={(retry) => <FilesUnavailable onRetry={retry} />}>
                  <UploadList
                    host={host}
                    items={slotItems}
                    refusals={refusals}
                    onRemove={uploads.remove}
                    onResume={uploads.resume}
                    onRetry={uploads.retry}
                    onMove={inOrder ? uploads.move : undefined}
                    locked={running}
                    playAudio={!Editor}
                  />
                </LazyPart>
              )}
            </div>
          );
        })}
        {problems.filter(Boolean).map((problem) => (
          <p key={problem} className="field-error" role="alert">
            {problem}
          </p>
        ))}
        <p className="meta privacy-note">
          {expiresAt
            ? `Your uploads are deleted ${describeExpiry(expiresAt)}, with everything made from them.`
            : 'Your files are deleted after processing: one hour after upload without an account, as your plan says with one.'}
        </p>
      </section>

      <form className="step" aria-labelledby="step-settings" onSubmit={submit} noValidate>
        <h2 id="step-settings">
          <span className="step-number">2</span> {fields.length > 0 ? 'Choose the settings' : 'Run it'}
        </h2>
        {Editor && editable.length > 0 && (
          // Fetched with the first file, as every editor shows nothing before; the form works without it.
          <LazyPart failed={(retry) => <EditorUnavailable onRetry={retry} />}>
            <Editor
              host={host}
              tool={tool}
              items={editable}
              values={values}
              params={buildParams(fields, values, hidden).params}
              setValues={patchValues}
              disabled={running}
            />
          </LazyPart>
        )}
        <ParamsForm
          fields={fields}
          values={values}
          errors={errors}
          hidden={hidden}
          alternatives={form?.alternatives ?? []}
          chosen={chosen}
          disabled={running}
          onChange={setField}
          onChoose={(index, field) => setChosen((c) => ({ ...c, [index]: field }))}
        />
        {generalError && (
          <p className="field-error" role="alert">
            {generalError}
          </p>
        )}
        {Object.keys(errors).some((path) => path !== '_' && !leaves(fields).some((f) => f.path === path)) && (
          <ul className="field-error" role="alert">
            {Object.entries(errors)
              .filter(([path]) => path !== '_' && !leaves(fields).some((f) => f.path === path))
              .map(([path, message]) => (
                <li key={path}>{message}</li>
              ))}
          </ul>
        )}
        <div className="run-row">
          <button
            type="submit"
            className="button primary run-button"
            disabled={running || blockers.length > 0}
            aria-describedby={runStateId}
          >
            {runLabel(tool, action, ready.length)}
          </button>
          <p id={runStateId} className="meta run-state" aria-live="polite">
            {blockers.length > 0 ? blockers.join(' ') : (countLine ?? '')}
          </p>
        </div>
        <RunProgress state={job.state} onCancel={() => void job.cancel()} />
      </form>

      {done && (
        <LazyPart failed={(retry) => <ResultUnavailable onRetry={retry} />}>
          <ResultPanel host={host} job={done} tools={tools} inputs={ready} onStartOver={startOver} />
        </LazyPart>
      )}
    </div>
  );
}

/** The job is done but the part that shows its result did not load (the connection dropped). */
function EditorUnavailable({ onRetry }: { onRetry(): void }) {
  return (
    <p className="notice" role="alert">
      The visual editor did not load (is the connection down?). The settings below still work.{' '}
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

/** Files are uploading, but the list that shows them did not load (the connection dropped). */
function FilesUnavailable({ onRetry }: { onRetry(): void }) {
  return (
    <p className="notice" role="alert">
      Your files are being uploaded, but the list that shows them did not load.{' '}
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

function ResultUnavailable({ onRetry }: { onRetry(): void }) {
  return (
    <p className="notice" role="alert">
      Your result is ready, but this part of the page did not load.{' '}
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
