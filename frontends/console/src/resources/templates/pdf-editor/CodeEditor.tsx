import { useMemo } from 'react';
import { html } from '@codemirror/lang-html';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';

export interface CodeEditorProps {
  /** html: the Handlebars parts (HTML highlighting); json: the dummy data (with JSON errors marked) */
  language: 'html' | 'json';
  value: string;
  onChange(value: string): void;
  /** the accessible name of the text area */
  label: string;
  /** ids of elements that describe it (an error message) */
  describedBy?: string;
}

/** A code editor with syntax highlighting (CodeMirror 6 through @uiw/react-codemirror), loaded with the PDF editor. */
export function CodeEditor({ language, value, onChange, label, describedBy }: CodeEditorProps) {
  const extensions = useMemo(
    () => [
      language === 'json' ? [json(), linter(jsonParseLinter()), lintGutter()] : html(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
    ],
    [language, label, describedBy],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      height="60vh"
      basicSetup={{ foldGutter: false, highlightActiveLine: false }}
    />
  );
}
