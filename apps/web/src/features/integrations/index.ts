// 'Intégrations' (/admin/integrations): loaded by its route, used by no other feature.
export { IntegrationsPage } from './components/integrations-page.tsx';
