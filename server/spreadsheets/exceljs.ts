import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded on the first spreadsheet read or written: loading it costs every server start
 * (and every server test file) a few hundred milliseconds. Its types come from `import type`.
 */
export async function loadExcelJS(): Promise<typeof ExcelJS> {
  const loaded = (await import('exceljs')) as typeof ExcelJS & { default?: typeof ExcelJS };
  return loaded.default ?? loaded;
}
