import { useSyncExternalStore } from 'react';
import EChartsReactCore from 'echarts-for-react/lib/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { axisLabelsOf, type MonthPoint } from '../month-points';

echarts.use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

const ANIMATION_MS = 2000;
/** Blueprint's palette, so the chart sits with the cards around it in either theme. */
const COLOURS = {
  light: { line: '#2d72d2', text: '#1c2127', muted: '#5f6b7c', grid: '#dce0e5', tooltip: '#ffffff' },
  dark: { line: '#8abbff', text: '#f6f7f9', muted: '#abb3bf', grid: '#383e47', tooltip: '#2f343c' },
};

/** Whether the shell shows the dark theme (Blueprint's class on body), following a switch while the chart is up. */
function useDarkTheme(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
      return () => observer.disconnect();
    },
    () => document.body.classList.contains('bp6-dark'),
  );
}

export interface MonthlyLineChartProps {
  points: MonthPoint[];
  /** What the figure counts, as its tooltip names it: 'Notices', 'Clients'. */
  valueName: string;
  /** Sizes the chart (ECharts fills its box). */
  className: string;
}

/**
 * A dashboard line of monthly figures (spec 1 section 2.7: tooltips with the value and the change, 2 s animation),
 * drawn by ECharts. It is hidden from screen readers: the card beside it says the same in a table.
 */
export function MonthlyLineChart({ points, valueName, className }: MonthlyLineChartProps) {
  const colours = useDarkTheme() ? COLOURS.dark : COLOURS.light;
  const tooltipOf = (point: MonthPoint) =>
    [`<strong>${point.label}</strong>`, `${valueName}: ${point.value}`, point.change].filter(Boolean).join('<br/>');
  const option = {
    animationDuration: ANIMATION_MS,
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      backgroundColor: colours.tooltip,
      borderColor: colours.grid,
      textStyle: { color: colours.text },
      formatter: (params: { dataIndex: number }[]) => tooltipOf(points[params[0]?.dataIndex ?? 0]!),
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: axisLabelsOf(points),
      axisLabel: { color: colours.muted },
      axisLine: { lineStyle: { color: colours.grid } },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: colours.muted },
      splitLine: { lineStyle: { color: colours.grid } },
    },
    series: [
      {
        type: 'line',
        name: valueName,
        data: points.map((point) => point.value),
        smooth: true,
        symbolSize: 7,
        lineStyle: { color: colours.line, width: 2 },
        itemStyle: { color: colours.line },
        areaStyle: { color: colours.line, opacity: 0.08 },
      },
    ],
  };
  return (
    <div aria-hidden="true">
      <EChartsReactCore echarts={echarts} option={option} opts={{ renderer: 'svg' }} notMerge className={className} />
    </div>
  );
}
