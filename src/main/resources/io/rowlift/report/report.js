// The HTML report's script (Rowlift's own, no library). The page reads fine without it: it adds the
// raw JSON and its download, a crosshair on the throughput chart that lists each line's value, and
// a legend that brings a line forward.
// When it has run it sets data-report-ready on <html> to the number of partition lines; an error
// anywhere sets data-report-error (see the <head>), which is what the browser test looks at.
(function () {
	var root = document.documentElement;
	var text = JSON.stringify(JSON.parse(document.getElementById('rowlift-summary').textContent), null, 2);
	var details = document.getElementById('raw-json').parentNode;
	details.addEventListener('toggle', function () { // on demand: an hour of samples is megabytes of text
		if (details.open && !details.dataset.filled) {
			document.getElementById('raw-json').textContent = text;
			details.dataset.filled = 'true';
		}
	});
	var link = document.getElementById('download-json');
	link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));

	var chart = document.querySelector('svg.throughput');
	var lines = chart ? Array.prototype.slice.call(chart.querySelectorAll('polyline')) : [];
	if (chart) {
		var tip = document.getElementById('chart-tip');
		var ns = 'http://www.w3.org/2000/svg';
		var cross = document.createElementNS(ns, 'line');
		cross.setAttribute('class', 'cross');
		cross.setAttribute('y1', chart.dataset.top);
		cross.setAttribute('y2', +chart.dataset.top + +chart.dataset.height);
		cross.style.display = 'none';
		chart.appendChild(cross);
		var parsed = lines.map(function (line) {
			return {
				name: line.dataset.partition,
				color: line.getAttribute('stroke'),
				points: line.getAttribute('points').trim().split(/\s+/).filter(Boolean).map(function (p) {
					var xy = p.split(',');
					return [+xy[0], +xy[1]];
				})
			};
		});
		var left = +chart.dataset.left, top = +chart.dataset.top, width = +chart.dataset.width, height = +chart.dataset.height;
		var tmax = +chart.dataset.tmax, rmax = +chart.dataset.rmax;
		chart.addEventListener('mousemove', function (event) {
			var box = chart.getBoundingClientRect();
			var x = (event.clientX - box.left) * chart.viewBox.baseVal.width / box.width;
			if (x < left || x > left + width) {
				cross.style.display = 'none';
				tip.hidden = true;
				return;
			}
			cross.setAttribute('x1', x);
			cross.setAttribute('x2', x);
			cross.style.display = '';
			var rows = ['<b>' + fmtTime((x - left) / width * tmax) + '</b>'];
			parsed.forEach(function (line) {
				var first = line.points[0], last = line.points[line.points.length - 1];
				if (!first || x < first[0] - 8 || x > last[0] + 8) return; // the line does not run at this time
				var best = null;
				line.points.forEach(function (p) {
					if (best === null || Math.abs(p[0] - x) < Math.abs(best[0] - x)) best = p;
				});
				if (best !== null) {
					var rate = (top + height - best[1]) / height * rmax;
					rows.push('<span style="color:' + line.color + '">&#9632;</span> ' + esc(line.name) + ': '
						+ Math.round(rate).toLocaleString('en') + ' rows/s');
				}
			});
			tip.innerHTML = rows.join('<br>');
			tip.hidden = false;
			tip.style.left = Math.min(event.pageX + 14, document.body.scrollWidth - 260) + 'px';
			tip.style.top = (event.pageY + 14) + 'px';
		});
		// a legend entry under the pointer brings its line forward, the others fade
		Array.prototype.forEach.call(document.querySelectorAll('.legend li'), function (item) {
			item.addEventListener('mouseenter', function () {
				lines.forEach(function (line) {
					line.classList.toggle('focused', line.dataset.partition === item.dataset.partition);
				});
				chart.classList.add('focus');
			});
			item.addEventListener('mouseleave', function () {
				chart.classList.remove('focus');
			});
		});
		chart.addEventListener('mouseleave', function () {
			cross.style.display = 'none';
			tip.hidden = true;
		});
	}

	function fmtTime(s) {
		if (tmax < 120) return s.toFixed(1) + ' s';
		s = Math.round(s);
		var m = Math.floor(s / 60), r = s % 60;
		return m + ':' + (r < 10 ? '0' : '') + r;
	}

	function esc(s) {
		return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
	}

	root.setAttribute('data-report-ready', String(chart ? chart.querySelectorAll('polyline.series').length : 0));
})();
