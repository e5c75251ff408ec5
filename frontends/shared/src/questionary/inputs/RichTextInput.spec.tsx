import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { DataType } from '@user-office/contracts';
import { collapseBlankLines } from './RichTextInput';
import { QUESTION_TEXT, renderInput } from './test-harness';

const label = new RegExp(QUESTION_TEXT.replace('?', '\\?'));
const notice = 'Extra blank lines between paragraphs will be removed to comply with formatting standards.';

// jsdom has no layout: ProseMirror measures ranges when it scrolls the selection into view
beforeAll(() => {
  const rect = () =>
    ({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      bottom: 0,
      right: 0,
      width: 0,
      height: 0,
      toJSON: () => ({}),
    }) as DOMRect;
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = rect;
  document.elementFromPoint = () => null;
});

/** the editable area (labelled by the question) and its TipTap editor */
function editable(): { box: HTMLElement; editor: Editor } {
  const box = screen.getByRole('textbox', { name: label });
  return { box, editor: (box as unknown as { editor: Editor }).editor };
}

/** runs editor commands as a user's edit (awaiting the form's validation) */
async function run(command: (editor: Editor) => void) {
  await act(async () => command(editable().editor));
}

/** pastes HTML as the clipboard does (jsdom has no ClipboardEvent) */
function paste(editor: Editor, html: string) {
  editor.view.pasteHTML(html, new Event('paste') as ClipboardEvent);
}

const counter = () => document.getElementById('question-q_1-counter')?.textContent;

describe('RICH_TEXT_INPUT', () => {
  it('is a multiline textbox labelled by the question, with the toolbar and the counter', () => {
    renderInput(DataType.RICH_TEXT_INPUT, { max: 20, small_label: 'In words' });
    const { box } = editable();
    expect(box.getAttribute('contenteditable')).toBe('true');
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('aria-labelledby')).toBe('question-q_1-label');
    expect(box.getAttribute('aria-describedby')).toBe('question-q_1-small-label question-q_1-counter');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link'])
      expect(within(toolbar).getByRole('button', { name }).getAttribute('aria-pressed')).toBe('false');
    expect(within(toolbar).getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: 'Redo' })).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: 'Image' })).toBeNull();
    expect(counter()).toBe('0/20 characters');
  });

  it('stores the content as HTML the registry accepts', async () => {
    const input = renderInput(DataType.RICH_TEXT_INPUT, { max: 20 });
    await run((editor) => editor.chain().insertContent('hello').splitBlock().insertContent('world').run());
    expect(input.value()).toBe('<p>hello</p><p>world</p>');
    expect(input.registryErrors()).toEqual([]);
    expect(counter()).toBe('10/20 characters');
  });

  it('counts the text without tags against max', async () => {
    const input = renderInput(DataType.RICH_TEXT_INPUT, { max: 20 });
    await run((editor) =>
      editor.commands.insertContent('<p>a &lt; <strong>b</strong></p><ul><li><p>c</p></li></ul>'),
    );
    expect(input.value()).toBe('<p>a &lt; <strong>b</strong></p><ul><li><p>c</p></li></ul>');
    expect(counter()).toBe('6/20 characters');
  });

  it("stores '' for an empty editor", async () => {
    const input = renderInput(DataType.RICH_TEXT_INPUT, {}, { value: '<p>x</p>' });
    await run((editor) => editor.commands.clearContent(true));
    expect(input.value()).toBe('');
  });

  it('makes the selection bold with the toolbar (<strong>), and the button pressed', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.RICH_TEXT_INPUT);
    await run((editor) => editor.chain().insertContent('plain ').focus('end').run());
    const bold = screen.getByRole('button', { name: 'Bold' });
    await user.click(bold);
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    await run((editor) => editor.commands.insertContent('strong'));
    expect(input.value()).toBe('<p>plain <strong>strong</strong></p>');
    await run((editor) => editor.commands.selectAll());
    await user.click(screen.getByRole('button', { name: 'Italic' }));
    expect(input.value()).toBe('<p><em>plain </em><strong><em>strong</em></strong></p>');
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(input.value()).toBe('<ul><li><p><em>plain </em><strong><em>strong</em></strong></p></li></ul>');
    await run((editor) => editor.commands.setTextSelection(2));
    expect(screen.getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(input.value()).toBe('<p><em>plain </em><strong><em>strong</em></strong></p>');
  });

  it('links the selection with the link dialog', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.RICH_TEXT_INPUT);
    await run((editor) =>
      editor.chain().insertContent('see this').setTextSelection({ from: 5, to: 9 }).run(),
    );
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Link address'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByText('Enter an address starting with http:// or https://')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Link address'));
    await user.type(within(dialog).getByLabelText('Link address'), 'https://example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(input.value()).toBe(
      '<p>see <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org">this</a></p>',
    );
  });

  it("shows the registry's max message", async () => {
    const user = userEvent.setup();
    renderInput(DataType.RICH_TEXT_INPUT, { max: 3 });
    await user.click(editable().box);
    await run((editor) => editor.commands.insertContent('hello'));
    await user.tab();
    expect((await screen.findByRole('alert')).textContent).toBe('Value must be at most 3 characters');
    const { box } = editable();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toContain('question-q_1-error');
    expect(counter()).toBe('5/3 characters');
  });

  it("shows the registry's required message", async () => {
    const input = renderInput(DataType.RICH_TEXT_INPUT, { required: true });
    expect(editable().box.getAttribute('aria-required')).toBe('true');
    await input.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('This is a required field');
  });

  it('warns about extra blank lines and collapses them on blur', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.RICH_TEXT_INPUT);
    await user.click(editable().box);
    await user.keyboard('a{Enter}{Enter}{Enter}b');
    expect(input.value()).toBe('<p>a</p><p></p><p></p><p>b</p>');
    expect(screen.getByText(notice)).toBeTruthy();
    // the editor takes its new attributes in an effect after the render that shows the notice (a loaded run saw
    // the render before it)
    await waitFor(() =>
      expect(editable().box.getAttribute('aria-describedby')).toContain('question-q_1-notice'),
    );
    await user.tab();
    expect(input.value()).toBe('<p>a</p><p></p><p>b</p>');
    expect(screen.queryByText(notice)).toBeNull();
    expect(editable().box.querySelectorAll('p')).toHaveLength(3);
  });

  it('collapses blank paragraphs and runs of breaks as the registry counts them', () => {
    expect(collapseBlankLines('<p>a</p><p></p><p> </p><p><br></p><p>b</p>')).toBe('<p>a</p><p></p><p>b</p>');
    expect(collapseBlankLines('<p>a<br><br><br><br>b</p>')).toBe('<p>a<br><br>b</p>');
    expect(collapseBlankLines('<p>a</p><p></p><p>b</p>')).toBe('<p>a</p><p></p><p>b</p>');
  });

  it('shows a saved HTML answer with its formatting, and leaves the value as saved', () => {
    const saved = '<p>First</p><p>Second &amp; <b>bold</b></p><ol><li><p>one</p></li></ol>';
    const input = renderInput(DataType.RICH_TEXT_INPUT, {}, { value: saved });
    const { box } = editable();
    expect(box.querySelector('strong')?.textContent).toBe('bold');
    expect(box.querySelector('ol li')?.textContent).toBe('one');
    expect(box.textContent).toBe('FirstSecond & boldone');
    expect(input.value()).toBe(saved);
    expect(screen.getByRole('button', { name: 'Numbered list' })).toBeTruthy();
  });

  it('replaces the content when the value changes outside (a reset)', async () => {
    const input = renderInput(DataType.RICH_TEXT_INPUT, {}, { value: '<p>old</p>' });
    await run((editor) => editor.commands.insertContent('typed '));
    await input.reset('<p><em>reloaded</em></p>');
    expect(editable().box.innerHTML).toBe('<p><em>reloaded</em></p>');
    expect(input.value()).toBe('<p><em>reloaded</em></p>');
    await input.reset('');
    expect(editable().box.textContent).toBe('');
    expect(counter()).toBe('0 characters');
  });

  it('is not editable when read-only', () => {
    renderInput(DataType.RICH_TEXT_INPUT, {}, { value: '<p>x</p>', readonly: true });
    const { box, editor } = editable();
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(box.getAttribute('aria-readonly')).toBe('true');
    expect(editor.isEditable).toBe(false);
    for (const name of ['Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link', 'Undo', 'Redo'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('drops pasted images unless allowImages', async () => {
    const input = renderInput(DataType.RICH_TEXT_INPUT);
    await run((editor) => paste(editor, '<p>a</p><img src="https://example.org/x.png"><p>b</p>'));
    expect(input.value()).toBe('<p>a</p><p>b</p>');
    expect(editable().box.querySelector('img')).toBeNull();
  });

  it('adds images by address when allowImages (no inline base64)', async () => {
    const user = userEvent.setup();
    const input = renderInput(DataType.RICH_TEXT_INPUT, { allowImages: true, required: true });
    await run((editor) => paste(editor, '<p><img src="data:image/png;base64,AAAA"></p>'));
    expect(input.value()).toBe('');
    expect(editable().box.querySelector('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Image address'), 'https://example.org/x.png');
    await user.type(within(dialog).getByLabelText('Image description'), 'A crystal');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(input.value()).toBe('<img src="https://example.org/x.png" alt="A crystal">');
    expect(input.registryErrors()).toEqual([]);
  });
});
