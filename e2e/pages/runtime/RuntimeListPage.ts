import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A runtime list page (apps/web/src/features/runtime/pages/RuntimeListPage.tsx) on the shared data table
 * (apps/web/src/shared/ui/DataTable), by its pt-BR labels.
 */
export class RuntimeListPage {
  readonly page: Page;
  readonly title: string;
  readonly heading: Locator;
  readonly table: Locator;
  readonly searchBox: Locator;
  readonly columnsButton: Locator;
  readonly columnsMenu: Locator;
  readonly csvButton: Locator;
  readonly printButton: Locator;
  readonly exportButton: Locator;
  readonly importButton: Locator;
  readonly bulkUpdateButton: Locator;
  readonly clearFiltersButton: Locator;
  readonly bulkDialog: Locator;
  readonly importDialog: Locator;
  readonly loading: Locator;

  constructor(page: Page, title: string) {
    this.page = page;
    this.title = title;
    this.heading = page.getByRole('heading', { level: 1, name: title });
    this.table = page.getByRole('table', { name: title });
    this.searchBox = page.getByRole('searchbox', { name: 'Pesquisar na lista' });
    this.columnsButton = page.getByRole('button', { name: 'Colunas' });
    this.columnsMenu = page.getByRole('menu', { name: 'Mostrar ou ocultar colunas' });
    this.csvButton = page.getByRole('button', { name: 'Baixar CSV' });
    this.printButton = page.getByRole('button', { name: 'Imprimir' });
    this.exportButton = page.getByRole('button', { name: 'Exportar para Excel' });
    this.importButton = page.getByRole('button', { name: 'Importar do Excel' });
    this.bulkUpdateButton = page.getByRole('button', { name: 'Atualizar selecionados' });
    this.clearFiltersButton = page.getByRole('button', { name: 'Limpar filtros' });
    this.bulkDialog = page.getByRole('dialog', { name: /^Atualizar \d+ item\(ns\)$/ });
    this.importDialog = page.getByRole('dialog', { name: 'Importação de planilha' });
    this.loading = page.getByRole('progressbar', { name: 'Carregando registros' });
  }

  /** The data rows (the header and filter rows excluded). */
  get rows(): Locator {
    return this.table.locator('tbody tr[data-row-id]');
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  columnHeader(name: string): Locator {
    return this.table.getByRole('columnheader', { name, exact: true });
  }

  sortButton(column: string): Locator {
    return this.table.getByRole('button', { name: column, exact: true });
  }

  textFilter(column: string): Locator {
    return this.page.getByRole('textbox', { name: `Filtrar ${column}`, exact: true });
  }

  fromFilter(column: string): Locator {
    return this.page.getByLabel(`${column} a partir de`, { exact: true });
  }

  toFilter(column: string): Locator {
    return this.page.getByLabel(`${column} até`, { exact: true });
  }

  choiceFilter(column: string): Locator {
    return this.page.getByRole('combobox', { name: `Filtrar ${column}`, exact: true });
  }

  editCellButton(column: string, rowLabel: string): Locator {
    return this.page.getByRole('button', { name: `Editar ${column} de ${rowLabel}`, exact: true });
  }

  cellEditor(column: string, rowLabel: string): Locator {
    return this.page.getByRole('combobox', { name: `${column} de ${rowLabel}`, exact: true });
  }

  selectRow(rowLabel: string): Locator {
    return this.page.getByRole('checkbox', { name: `Selecionar ${rowLabel}`, exact: true });
  }

  notice(text: string | RegExp): Locator {
    return this.page.getByText(text);
  }

  /** The code (FormattedID) of a row, which names it in the row's labels. */
  async codeOf(text: string): Promise<string> {
    const label = await this.row(text)
      .getByRole('link', { name: /^Editar / })
      .getAttribute('aria-label');
    return (label ?? '').replace(/^Editar /, '');
  }

  /** Waits until the table shows exactly these titles, in this order. */
  async expectTitles(titles: string[]): Promise<void> {
    await expect(this.loading).toHaveCount(0);
    await expect(this.rows).toHaveCount(titles.length);
    for (const [index, title] of titles.entries()) {
      await expect(this.rows.nth(index)).toContainText(title);
    }
  }

  async toggleColumn(name: string): Promise<void> {
    await this.columnsButton.click();
    await this.columnsMenu.getByRole('menuitemcheckbox', { name, exact: true }).click();
    await this.page.keyboard.press('Escape');
    await expect(this.columnsMenu).toHaveCount(0);
  }
}
