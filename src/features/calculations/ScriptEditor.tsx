import { lazy, Suspense, useImperativeHandle, useRef, type Ref } from 'react';

// The script editor behind a small adapter: CodeMirror 6, loaded on demand (CodeMirrorScript.tsx),
// where the browser can lay text out; a plain textarea while it loads and where it cannot (jsdom,
// so that tests type into a textarea). Both offer the same handle: put the cursor on a line.

export interface ScriptEditorHandle {
  goToLine: (line: number) => void;
}

export interface ScriptDiagnostic {
  line: number;
  message: string;
}

export interface ScriptEditorViewProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The inputs' aliases, completed as _A.Value, _A.Timestamp, … */
  aliases: readonly string[];
  /** The preview's errors, marked on their lines. */
  diagnostics: readonly ScriptDiagnostic[];
  readOnly: boolean;
  label: string;
  description?: string;
  ref?: Ref<ScriptEditorHandle>;
}

const CodeMirrorScript = lazy(async () => ({ default: (await import('./CodeMirrorScript')).CodeMirrorScript }));

/** CodeMirror measures text through Range rectangles; jsdom has none. */
const canLayOutText = () => typeof document.createRange === 'function' && typeof document.createRange().getClientRects === 'function';

export function ScriptEditor(props: ScriptEditorViewProps) {
  return canLayOutText() ? (
    <Suspense fallback={<PlainScript {...props} />}>
      <CodeMirrorScript {...props} />
    </Suspense>
  ) : (
    <PlainScript {...props} />
  );
}

function PlainScript({ id, value, onChange, readOnly, label, description, ref }: ScriptEditorViewProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => ({
    goToLine(line: number) {
      const element = area.current;
      if (!element) return;
      const lines = element.value.split('\n');
      const at = lines.slice(0, Math.max(0, line - 1)).reduce((sum, text) => sum + text.length + 1, 0);
      element.focus();
      element.setSelectionRange(at, at);
    },
  }));
  return (
    <textarea
      ref={area}
      id={id}
      className="calculation-script-plain"
      aria-label={label}
      aria-description={description}
      value={value}
      readOnly={readOnly}
      rows={Math.min(20, Math.max(6, value.split('\n').length + 1))}
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
