/** The web SDK's charts: import lazily, since ECharts is large and only the pages that draw a chart need it. */
export { MonthlyLineChart } from './components/MonthlyLineChart';
export type { MonthlyLineChartProps } from './components/MonthlyLineChart';
