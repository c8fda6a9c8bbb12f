/// The page's inline style sheet and script. Both are fixed text: nothing from a recording is
/// ever put inside them (recorded text goes into elements and attributes, escaped).
enum ReportAssets {
    static let css = """
        :root{--s1:#7c8db5;--s2:#2e9d5b;--s3:#3c7fd0;--s4:#e08a1e;--s5:#d2413a;--s0:#6b7280;--send:#2563eb;--recv:#7c3aed;--finding:#e11d48}
        *{box-sizing:border-box}html,body{margin:0;height:100%}
        body{display:flex;flex-direction:column;font:13px/1.4 system-ui,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1f2937;background:#fff}
        header{padding:8px 14px 6px;border-bottom:1px solid #e5e7eb;flex:0 0 auto}
        h1{font-size:16px;margin:0 0 2px}.summary{margin:0;color:#4b5563}
        .bar-row{display:flex;gap:18px;align-items:center;margin:6px 0 2px;flex-wrap:wrap}
        .zoom button{font:inherit;min-width:30px;padding:1px 8px;margin-right:3px;border:1px solid #cbd5e1;background:#f8fafc;border-radius:4px;cursor:pointer}
        #zoom-level{margin-left:6px;color:#6b7280}.legend{color:#4b5563}
        .legend i{display:inline-block;vertical-align:middle;margin:0 4px 0 10px}
        .sw{width:14px;height:9px;border-radius:2px}.sw.s1xx{background:var(--s1)}.sw.s2xx{background:var(--s2)}.sw.s3xx{background:var(--s3)}
        .sw.s4xx{background:var(--s4)}.sw.s5xx{background:var(--s5)}.sw.s0{border:1px dashed var(--s0)}
        .tk{width:2px;height:12px}.tk.send{background:var(--send)}.tk.receive{background:var(--recv)}.tk.tk-close{width:4px;background:#111}
        .fd{width:10px;height:10px;border-radius:50%;background:var(--finding)}
        .axis-note{margin:3px 0 0;color:#6b7280;font-size:12px}
        #timeline{flex:0 0 auto;max-height:62vh;min-height:110px;overflow-y:auto;overflow-x:hidden;display:flex;border-bottom:2px solid #e5e7eb}
        svg.labels{flex:0 0 auto;background:#f8fafc;border-right:1px solid #e5e7eb}
        #scroll{flex:1 1 auto;overflow-x:auto;overflow-y:hidden}
        svg text{font-size:11px}.lane-name{font-weight:600;fill:#111827}.lane-detail{fill:#6b7280;font-size:10.5px}.axis-name{fill:#6b7280}
        .lane-rule{stroke:#e5e7eb}.tick line{stroke:#eef0f3}.tick text{fill:#6b7280}.tick.folded text{display:none}.tick.minor.folded{display:none}.tick.minor line{stroke:#f4f5f7}
        .instant rect{fill:#cbd5e1}
        .entry .bar{fill:var(--s2)}.entry.s1xx .bar{fill:var(--s1)}.entry.s3xx .bar{fill:var(--s3)}.entry.s4xx .bar{fill:var(--s4)}
        .entry.s5xx .bar{fill:var(--s5)}.entry.s0 .bar{fill:#fff;stroke:var(--s0);stroke-dasharray:2 2}
        .label{fill:#1f2937}.nolabel .label{display:none}.folded{display:none}
        .agg .bar{stroke:#1f2937;stroke-width:1}.has-finding .bar{stroke:var(--finding);stroke-width:2}
        .finding circle{fill:var(--finding);stroke:#fff;stroke-width:1}
        .finding text{fill:#fff;font-size:9px;font-weight:700;text-anchor:middle;pointer-events:none}
        .ws .line{fill:#94a3b8}.ws .open{fill:#475569}
        .message rect{stroke:transparent;stroke-width:4}.message.send rect{fill:var(--send)}.message.receive rect{fill:var(--recv)}
        .message.agg rect{fill-opacity:.55;stroke:rgba(17,24,39,.35);stroke-width:1}
        .close rect{fill:#111}.close.by-server rect{fill:#b91c1c}.close.by-proxy rect{fill:#b45309}.close-label{fill:#111;font-weight:600}
        .item .mark{fill:#0f766e}.item.kind-alert .mark{fill:#d97706}.item.kind-error .mark{fill:#dc2626}
        .item.kind-state .mark{fill:#0891b2}.item.kind-connection .mark{fill:#64748b}.item.kind-command .mark{fill:#2563eb}
        .selected .bar,.selected > a > rect,.selected .mark{stroke:#111827;stroke-width:2.5}
        a:hover .bar,a:hover rect{filter:brightness(1.2)}
        #panel{flex:1 1 0;min-height:0;overflow:auto;padding:8px 14px 24px}.hint{color:#6b7280;margin:4px 0}
        .detail{display:none;border:1px solid #e5e7eb;border-radius:6px;padding:8px 12px;margin:6px 0 12px;background:#fcfcfd}
        .detail:target{display:block}.detail h2{font-size:14px;margin:0 0 4px}.meta{margin:0 0 6px;color:#6b7280}
        .exchange{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px}
        .detail h3{font-size:11px;margin:6px 0 3px;color:#374151;text-transform:uppercase;letter-spacing:.05em}
        pre{margin:0 0 6px;padding:6px 8px;background:#f3f4f6;border-radius:4px;font:12px/1.35 ui-monospace,"DejaVu Sans Mono",monospace;
        white-space:pre-wrap;word-break:break-all;max-height:420px;overflow:auto}
        .body-note{margin:6px 0 2px;color:#6b7280;font-size:12px}
        #findings h2{font-size:14px;margin:10px 0 4px}#findings ol{margin:0;padding-left:24px}.finding-row{margin:3px 0}
        .finding-row:target{background:#fff1f2}.pointer{color:#9f1239}.expected{color:#166534}.found{color:#b91c1c}
        .check,.note,.rule,.reproduce{color:#6b7280}.rule,.reproduce{font-size:12px}
        .detail-findings{margin:4px 0 8px;padding-left:18px}code{font:12px ui-monospace,"DejaVu Sans Mono",monospace}.error{color:#b91c1c}
        """

    /// Zoom (buttons, Ctrl + wheel around the pointer) re-places every mark with the steps
    /// `RowPacking` took at zoom 1; the selected mark (the URL's fragment) is outlined.
    static let script = """
        (function(){"use strict";
        var plot=document.getElementById("plot"),scroll=document.getElementById("scroll");if(!plot||!scroll)return;
        var base=+plot.dataset.width,margin=+plot.dataset.margin,minBar=+plot.dataset.minbar,maxZoom=+plot.dataset.maxzoom;
        var rowH=+plot.dataset.row,pad=+plot.dataset.pad,zoom=1,level=document.getElementById("zoom-level");
        function all(root,sel){return Array.prototype.slice.call(root.querySelectorAll(sel));}
        function prep(el){el._x=+el.getAttribute("data-x");el._w=+(el.getAttribute("data-w")||0);el._lw=+(el.getAttribute("data-lw")||0);
        el._item=el.classList.contains("item");el._rect=el._item?null:el.querySelector("rect");el._label=el.querySelector(".label");
        el._pinned=el.classList.contains("pinned");el._minor=el.classList.contains("minor");el._min=el.classList.contains("http")?minBar:0;return el;}
        var lanes=all(plot,"[data-rows]").map(function(g){return{rows:+g.getAttribute("data-rows"),marks:all(g,":scope > [data-x]").map(prep)};});
        var ticks=[];all(plot,"g.entry.ws").forEach(function(g){ticks.push(all(g,":scope > .message.send").map(prep),all(g,":scope > .message.receive").map(prep));});
        var axis=all(plot,".tick").map(prep),spans=all(plot,".span,.instant,.close").map(prep);
        function move(el,x,y){el.setAttribute("transform","translate("+x+","+y+")");}
        function pack(lane,k){var ends=[],last=[],xs=[];lane.marks.forEach(function(m){m.classList.remove("agg");});
        lane.marks.forEach(function(m,i){var x=m._item?(m._x+4)*k-4:m._x*k,w=m._item?8:Math.max(m._w*k,m._min),row=-1,r;xs[i]=x;
        for(r=0;r<ends.length;r++){if(ends[r]<=x){row=r;break;}}
        if(row<0&&ends.length<lane.rows){row=ends.length;ends.push(0);last.push(i);}
        var label=row>=0,hidden=false;
        if(label){ends[row]=x+w+4+m._lw;last[row]=i;}
        else{row=0;for(r=1;r<ends.length;r++){if(ends[r]<ends[row])row=r;}
        hidden=!m._pinned&&x-xs[last[row]]<1;
        if(hidden){lane.marks[last[row]].classList.add("agg");}else{last[row]=i;ends[row]=Math.max(ends[row],x+w+1);}}
        m.classList.toggle("nolabel",!label);m.classList.toggle("folded",hidden);move(m,x,row*rowH+pad);
        if(m._rect){m._rect.setAttribute("width",w);}if(m._label&&!m._item){m._label.setAttribute("x",w+4);}});}
        function fold(list,k){var last=null;list.forEach(function(m){var x=m._x*k;m.classList.remove("agg");
        if(last&&!m._pinned&&x-last._x*k<1){m.classList.add("folded");last.classList.add("agg");}else{m.classList.remove("folded");last=m;}
        move(m,x,0);});}
        function labels(k){var majors=[],shown=axis.map(function(t){return false;}),i,n=0,last=-1e18;
        axis.forEach(function(t,i){var x=t._x*k;move(t,x,0);if(!t._minor&&x-(majors.length?majors[majors.length-1]:-1e18)>=64){shown[i]=true;majors.push(x);}});
        for(i=0;i<axis.length;i++){var x=axis[i]._x*k;while(n<majors.length&&majors[n]<x){last=Math.max(last,majors[n]);n++;}
        if(shown[i]){last=Math.max(last,x);continue;}
        if(axis[i]._minor&&x-last>=64&&(n<majors.length?majors[n]:1e18)-x>=64){shown[i]=true;last=x;}}
        axis.forEach(function(t,i){t.classList.toggle("folded",!shown[i]);});}
        function apply(k){plot.setAttribute("width",base*k+margin);
        spans.forEach(function(el){move(el,el._x*k,0);if(el._w&&el._rect){el._rect.setAttribute("width",el._w*k);}});
        lanes.forEach(function(l){pack(l,k);});ticks.forEach(function(t){fold(t,k);});
        labels(k);
        if(level)level.textContent=(k<10?Math.round(k*10)/10:Math.round(k))+"×";}
        function setZoom(k,clientX){k=Math.min(Math.max(k,1),maxZoom);if(k===zoom)return;var box=scroll.getBoundingClientRect();
        var px=clientX===undefined?box.width/2:clientX-box.left,at=(scroll.scrollLeft+px)/zoom;zoom=k;apply(k);scroll.scrollLeft=at*k-px;select();}
        function on(id,f){var b=document.getElementById(id);if(b)b.addEventListener("click",f);}
        on("zoom-in",function(){setZoom(zoom*2);});on("zoom-out",function(){setZoom(zoom/2);});on("zoom-fit",function(){setZoom(1);});
        scroll.addEventListener("wheel",function(e){if(!(e.ctrlKey||e.metaKey))return;e.preventDefault();setZoom(zoom*Math.exp(-e.deltaY*0.002),e.clientX);},{passive:false});
        function select(){all(plot,".selected").forEach(function(el){el.classList.remove("selected");});var h=decodeURIComponent(location.hash.slice(1)),m,sel=null;
        if((m=/^entry-(\\d+)-message-(\\d+)$/.exec(h)))sel='.message[data-entry="'+m[1]+'"][data-message="'+m[2]+'"]';
        else if((m=/^entry-(\\d+)$/.exec(h)))sel='.entry[data-entry="'+m[1]+'"]';
        else if((m=/^lane-(\\d+)-item-(\\d+)$/.exec(h)))sel='.item[data-lane="'+m[1]+'"][data-item="'+m[2]+'"]';
        else if((m=/^finding-(\\d+)$/.exec(h)))sel='.finding[data-finding="'+m[1]+'"]';
        if(!sel)return;var el=plot.querySelector(sel);if(!el)return;el.classList.add("selected");el.classList.remove("folded");
        var anchor=el.hasAttribute("data-x")?el:(el.querySelector("[data-x]")||el.closest("[data-x]"));if(!anchor)return;
        var x=(anchor._x!==undefined?anchor._x:+anchor.getAttribute("data-x"))*zoom;
        if(x<scroll.scrollLeft||x>scroll.scrollLeft+scroll.clientWidth-40)scroll.scrollLeft=x-scroll.clientWidth/3;}
        window.addEventListener("hashchange",select);select();
        document.documentElement.setAttribute("data-ready-ms",String(Math.round(performance.now())));
        requestAnimationFrame(function(){document.documentElement.setAttribute("data-painted-ms",String(Math.round(performance.now())));});
        window.addEventListener("load",function(){document.documentElement.setAttribute("data-loaded-ms",String(Math.round(performance.now())));
        var paint=performance.getEntriesByName("first-contentful-paint")[0];if(paint)document.documentElement.setAttribute("data-first-paint-ms",String(Math.round(paint.startTime)));});
        })();
        """
}
