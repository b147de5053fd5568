// 'Importer et exporter' (/admin/import-export): loaded by its route, used by no other feature.
export { ImportExportPage } from './components/import-export-page.tsx';
