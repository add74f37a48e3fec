export { readSpreadsheet, SPREADSHEET_MEDIA_TYPES, type SpreadsheetFormat } from './read-spreadsheet.js';
