import ts from "typescript";

// Finds English a component shows without the catalogs: JSX text, user-facing attributes given as
// string literals, string literals (or templates) that a JSX expression renders directly or
// through a condition, table columns given as literals, and `label`/`hint` properties of option
// lists. Words are two or more letters, so "—", "▲", "#", "%" or a column named "n" pass.

const SHOWN_ATTRIBUTES = new Set([
  "label",
  "legend",
  "hint",
  "title",
  "description",
  "caption",
  "aria-label",
  "alt",
  "placeholder",
  "confirmLabel",
  "cancelLabel",
  "term",
  "empty",
  "summary",
  "xLabel",
  "yLabel",
  "status",
]);

const SHOWN_PROPERTIES = new Set(["label", "hint"]);

const WORD = /[A-Za-z]{2,}/;

export interface InlineText {
  line: number;
  text: string;
}

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join("…");
  return null;
}

/** The expression's string literals that end up as text: through ?:, &&, || and ??, not as arguments or keys. */
function shownLiterals(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node)) return shownLiterals(node.expression);
  if (ts.isConditionalExpression(node)) return [...shownLiterals(node.whenTrue), ...shownLiterals(node.whenFalse)];
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)) {
    return [...(node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ? [] : shownLiterals(node.left)), ...shownLiterals(node.right)];
  }
  return literalText(node) === null ? [] : [node];
}

export function inlineText(fileName: string, source: string): InlineText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: InlineText[] = [];
  const report = (node: ts.Node, text: string) => {
    if (WORD.test(text)) found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) report(init, init.text);
      else if (ts.isJsxExpression(init) && init.expression) for (const lit of shownLiterals(init.expression)) report(lit, literalText(lit)!);
    } else if (ts.isJsxAttribute(node) && node.name.getText(file) === "columns" && node.initializer && ts.isJsxExpression(node.initializer)) {
      const list = node.initializer.expression;
      if (list && ts.isArrayLiteralExpression(list)) for (const el of list.elements) if (literalText(el) !== null) report(el, literalText(el)!);
    } else if (ts.isPropertyAssignment(node) && SHOWN_PROPERTIES.has(node.name.getText(file))) {
      for (const lit of shownLiterals(node.initializer)) report(lit, literalText(lit)!);
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const lit of shownLiterals(node.expression)) report(lit, literalText(lit)!);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
