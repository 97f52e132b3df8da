import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionContext } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, defaultHighlightStyle, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorSelection, EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useImperativeHandle, useRef } from 'react';
import type { ScriptEditorViewProps } from './ScriptEditor';
import { scriptCompletions } from './scriptCompletions';

// The script editor proper: CodeMirror 6 with JavaScript, line numbers, bracket matching, undo
// history, completion of the inputs' aliases and of the sandbox's helpers, and the preview's errors
// as lint diagnostics on their lines. Loaded on demand by ScriptEditor (it never ships with the
// sign-in route or the measurements list). Colours come from the app's CSS variables, so the
// editor follows the light and dark theme without a theme of its own per mode.
//
// The editor lives in a shadow root: CodeMirror writes its styles with style-mod, which uses a
// <style> element in a document (refused by the Content-Security-Policy, style-src 'self') but a
// constructed, adopted style sheet in a shadow root, which the policy allows. The app's CSS
// variables still reach it (custom properties inherit through the shadow boundary).

const theme = EditorView.theme({
  '&': { color: 'var(--color-text)', backgroundColor: 'var(--color-bg)', border: '1px solid var(--color-border)', borderRadius: 'var(--radius)', fontSize: '13px' },
  '&.cm-focused': { outline: '2px solid var(--color-primary)', outlineOffset: '-1px' },
  '.cm-content': { fontFamily: 'var(--font-mono)', caretColor: 'var(--color-text)', minHeight: '160px' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', maxHeight: '420px', overflow: 'auto' },
  '.cm-gutters': { backgroundColor: 'var(--color-surface-2)', color: 'var(--color-text-muted)', borderRight: '1px solid var(--color-border)' },
  '.cm-activeLine': { backgroundColor: 'var(--color-hover)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--color-hover)', color: 'var(--color-text)' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--color-text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'color-mix(in srgb, var(--color-primary) 30%, transparent)' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'color-mix(in srgb, var(--color-success) 30%, transparent)', outline: '1px solid var(--color-success)' },
  '.cm-tooltip': { backgroundColor: 'var(--color-surface)', color: 'var(--color-text)', border: '1px solid var(--color-border)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--color-primary)', color: 'var(--color-primary-text)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--color-danger)' },
  // CodeMirror draws the lint marks as data: SVG images, which the Content-Security-Policy
  // (img-src 'self') refuses: a wavy underline and a dot in the gutter instead.
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--color-danger)', textUnderlineOffset: '3px' },
  '.cm-lint-marker-error': { content: 'none', width: '8px', height: '8px', margin: '5px 2px 0', borderRadius: '50%', backgroundColor: 'var(--color-danger)' },
  '.cm-gutter-lint': { width: '14px' },
});

/** Token colours from the theme's variables, so that both themes keep their contrast. */
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword], color: 'var(--color-primary)', fontWeight: '600' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--color-success)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--color-warning)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--color-text-muted)', fontStyle: 'italic' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: 'var(--color-info)' },
  { tag: tags.invalid, color: 'var(--color-danger)' },
]);

export function CodeMirrorScript({ id, value, onChange, aliases, diagnostics, readOnly, label, description, ref }: ScriptEditorViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, aliases });
  latest.current = { onChange, aliases };
  const editable = useRef(new Compartment());

  useImperativeHandle(ref, () => ({
    goToLine(line: number) {
      const current = view.current;
      if (!current) return;
      const at = current.state.doc.line(Math.min(Math.max(1, line), current.state.doc.lines));
      current.dispatch({ selection: EditorSelection.cursor(at.from), effects: EditorView.scrollIntoView(at.from, { y: 'center' }) });
      current.focus();
    },
  }));

  useEffect(() => {
    const complete = (context: CompletionContext) => {
      const word = context.matchBefore(/[\w.]*/);
      if (!word || (word.from === word.to && !context.explicit)) return null;
      return { from: word.from, options: scriptCompletions(latest.current.aliases), validFor: /^[\w.]*$/ };
    };
    const element = host.current;
    if (!element) return undefined;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    shadow.append(parent);
    const created = new EditorView({
      parent,
      root: shadow,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          javascript(),
          syntaxHighlighting(highlight),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          // No type icons: they are glyphs many system fonts lack.
          autocompletion({ override: [complete], icons: false }),
          lintGutter(),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
          theme,
          editable.current.of([EditorView.editable.of(!readOnly), EditorState.readOnly.of(readOnly)]),
          // A label by reference cannot cross the shadow boundary: the texts themselves.
          EditorView.contentAttributes.of({ id, 'aria-label': label, ...(description ? { 'aria-description': description } : {}) }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      parent.remove();
      view.current = null;
    };
    // The view is made once; value, readOnly and diagnostics reach it through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value set from outside (a reset) replaces the document; the user's own typing is already there.
  useEffect(() => {
    const current = view.current;
    if (current && current.state.doc.toString() !== value) current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure([EditorView.editable.of(!readOnly), EditorState.readOnly.of(readOnly)]) });
  }, [readOnly]);

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const doc = current.state.doc;
    const marks: Diagnostic[] = diagnostics.map((diagnostic) => {
      const line = doc.line(Math.min(Math.max(1, diagnostic.line), doc.lines));
      return { from: line.from, to: line.to, severity: 'error', message: diagnostic.message };
    });
    current.dispatch(setDiagnostics(current.state, marks));
  }, [diagnostics]);

  return <div ref={host} className="calculation-script-editor" />;
}
